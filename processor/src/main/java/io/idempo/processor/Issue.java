package io.idempo.processor;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;

/**
 * One diagnostic, positioned on the offending element and, where one attribute is wrong, on its annotation
 * value, so that javac points at the right line and column.
 */
record Issue(Message message, Element element, AnnotationMirror annotation, AnnotationValue value,
             Object[] arguments) {

    static Issue on(Element element, AnnotationMirror annotation, AnnotationValue value, Message message,
                    Object... arguments) {
        return new Issue(message, element, annotation, value, arguments);
    }

    /** P099: the processor failed on {@code what}; reported instead of letting javac see the failure. */
    static Issue internalError(Element element, AnnotationMirror annotation, String what, Throwable failure) {
        String cause = failure.getMessage() == null ? failure.getClass().getName()
                : failure.getClass().getName() + ": " + failure.getMessage();
        return on(element, annotation, null, Message.INTERNAL_ERROR, what, cause);
    }

    String text() {
        return message.format(arguments);
    }
}
