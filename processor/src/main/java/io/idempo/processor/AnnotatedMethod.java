package io.idempo.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;

/**
 * A method with one of idempo's method annotations, as the checks see it: the element, the annotation mirror (for
 * positions) and the attribute values as written. {@link IdempotentMethod} and {@link ExternalStepMethod} add what
 * their annotation means.
 */
abstract class AnnotatedMethod {

    private final ExecutableElement element;
    private final AnnotationMirror annotation;

    AnnotatedMethod(ExecutableElement element, AnnotationMirror annotation) {
        this.element = element;
        this.annotation = annotation;
    }

    ExecutableElement element() {
        return element;
    }

    AnnotationMirror annotation() {
        return annotation;
    }

    TypeElement declaringType() {
        return (TypeElement) element.getEnclosingElement();
    }

    String name() {
        return element.getSimpleName().toString();
    }

    /** The value as written, or empty when the attribute takes its default. */
    Optional<AnnotationValue> explicitValue(String attribute) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry
                : annotation.getElementValues().entrySet()) {
            if (entry.getKey().getSimpleName().contentEquals(attribute)) {
                return Optional.of(entry.getValue());
            }
        }
        return Optional.empty();
    }

    String stringAttribute(String attribute) {
        return explicitValue(attribute).map(value -> (String) value.getValue()).orElse("");
    }

    boolean booleanAttribute(String attribute) {
        return explicitValue(attribute).map(value -> (Boolean) value.getValue()).orElse(false);
    }

    /** The elements of an array attribute, each with its own position. */
    List<AnnotationValue> arrayAttribute(String attribute) {
        List<AnnotationValue> values = new ArrayList<>();
        explicitValue(attribute).ifPresent(value -> {
            if (value.getValue() instanceof List<?> list) {
                for (Object item : list) {
                    values.add((AnnotationValue) item);
                }
            } else {
                values.add(value);
            }
        });
        return values;
    }

    List<? extends VariableElement> parameters() {
        return element.getParameters();
    }

    List<VariableElement> parametersAnnotated(String annotationName) {
        List<VariableElement> found = new ArrayList<>();
        for (VariableElement parameter : element.getParameters()) {
            if (Annotations.find(parameter, annotationName).isPresent()) {
                found.add(parameter);
            }
        }
        return found;
    }

    int indexOf(VariableElement parameter) {
        return element.getParameters().indexOf(parameter);
    }

    TypeMirror returnType() {
        return element.getReturnType();
    }

    /** {@code com.shop.OrderService.placeOrder(com.shop.OrderRequest,java.lang.String)} for messages. */
    String describe() {
        return declaringType().getQualifiedName() + "." + element;
    }
}
