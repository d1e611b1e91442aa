package io.idempo.processor;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ExecutableElement;

/** One {@code @Idempotent} method as the checks see it. */
final class IdempotentMethod extends AnnotatedMethod {

    static final String IDEMPOTENT = "io.idempo.Idempotent";
    static final String KEY = "io.idempo.IdempotencyKey";
    static final String SCOPE = "io.idempo.IdempotencyScope";
    static final String EXCLUDE = "io.idempo.FingerprintExclude";

    IdempotentMethod(ExecutableElement element, AnnotationMirror annotation) {
        super(element, annotation);
    }

    /** The action as declared, or derived as {@code DeclaringSimpleName.method}. */
    String action() {
        String declared = stringAttribute("action");
        return declared.isEmpty() ? declaringType().getSimpleName() + "." + name() : declared;
    }
}
