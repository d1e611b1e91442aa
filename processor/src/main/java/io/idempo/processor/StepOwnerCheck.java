package io.idempo.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.VariableElement;

/**
 * P030: each call names its step's owner through exactly one {@code @ExternalStep.Owner} parameter, of a type the
 * runtime turns into an owner: an event id ({@code String}, {@code UUID}) or a {@code StepOwner}.
 */
final class StepOwnerCheck implements StepCheck {

    private static final Set<String> OWNER_TYPES = Set.of("java.lang.String", "java.util.UUID",
            ExternalStepMethod.STEP_OWNER);

    private final TypeTools tools;

    StepOwnerCheck(TypeTools tools) {
        this.tools = tools;
    }

    @Override
    public List<Issue> check(ExternalStepMethod method) {
        List<VariableElement> owners = method.parametersAnnotated(ExternalStepMethod.OWNER);
        if (owners.isEmpty()) {
            return List.of(Issue.on(method.element(), method.annotation(), null, Message.MISSING_STEP_OWNER));
        }
        List<Issue> issues = new ArrayList<>();
        for (VariableElement extra : owners.subList(1, owners.size())) {
            issues.add(onParameter(extra, Message.SECOND_STEP_OWNER, extra.getSimpleName()));
        }
        for (VariableElement owner : owners) {
            if (OWNER_TYPES.stream().noneMatch(type -> tools.isType(owner.asType(), type))) {
                issues.add(onParameter(owner, Message.UNUSABLE_STEP_OWNER, owner.getSimpleName(), owner.asType()));
            }
        }
        return issues;
    }

    private static Issue onParameter(VariableElement parameter, Message message, Object... arguments) {
        return Issue.on(parameter, Annotations.find(parameter, ExternalStepMethod.OWNER).orElse(null), null, message,
                arguments);
    }
}
