package io.idempo.processor;

import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;

/** P030: {@code @ExternalStep.Owner} means something only on a parameter of an {@code @ExternalStep} method. */
final class OrphanStepOwnerCheck {

    List<Issue> check(Element parameter) {
        Element method = parameter.getEnclosingElement();
        if (method.getKind() == ElementKind.METHOD
                && Annotations.find(method, ExternalStepMethod.EXTERNAL_STEP).isPresent()) {
            return List.of();
        }
        Object where = method.getKind() == ElementKind.CONSTRUCTOR
                ? "the constructor of " + method.getEnclosingElement().getSimpleName() : method.getSimpleName();
        String fix = method.getKind() == ElementKind.METHOD ? "annotate the method with @ExternalStep or remove it"
                : "only a method can be an @ExternalStep, so remove it";
        return List.of(Issue.on(parameter, Annotations.find(parameter, ExternalStepMethod.OWNER).orElse(null), null,
                Message.ORPHAN_STEP_OWNER, where, fix));
    }
}
