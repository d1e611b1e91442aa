package io.idempo.processor;

import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;

/** P006: {@code @IdempotencyKey} and {@code @IdempotencyScope} mean something only on an {@code @Idempotent} method. */
final class OrphanParameterCheck {

    List<Issue> check(Element parameter, String annotation) {
        Element method = parameter.getEnclosingElement();
        boolean onIdempotentMethod = (method.getKind() == ElementKind.METHOD)
                && Annotations.find(method, IdempotentMethod.IDEMPOTENT).isPresent();
        if (onIdempotentMethod) {
            return List.of();
        }
        Object where = method.getKind() == ElementKind.CONSTRUCTOR
                ? "the constructor of " + method.getEnclosingElement().getSimpleName() : method.getSimpleName();
        String fix = method.getKind() == ElementKind.METHOD ? "annotate the method with @Idempotent or remove it"
                : "only a method can be @Idempotent, so remove it";
        return List.of(Issue.on(parameter, Annotations.find(parameter, annotation).orElse(null), null,
                Message.ORPHAN_PARAMETER, Annotations.simpleName(annotation), where, fix));
    }
}
