package io.idempo.processor;

import java.util.List;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;

/**
 * P034: the aspect weaves the bodies of {@code @ExternalStep} methods, and an annotation on an interface or abstract
 * method is seen by neither it nor a CDI interceptor on the implementation: the step would run unprotected.
 */
final class StepBodyCheck implements StepCheck {

    @Override
    public List<Issue> check(ExternalStepMethod method) {
        ElementKind owner = method.declaringType().getKind();
        String what = owner == ElementKind.INTERFACE || owner == ElementKind.ANNOTATION_TYPE ? "an interface method"
                : method.element().getModifiers().contains(Modifier.ABSTRACT) ? "an abstract method" : null;
        return what == null ? List.of()
                : List.of(Issue.on(method.element(), method.annotation(), null, Message.STEP_WITHOUT_BODY, what));
    }
}
