package io.idempo.processor;

import io.idempo.plan.Rules;
import java.util.List;

/** P025: a step's name goes into its derived key, log lines and metrics, so it follows the action rule. */
final class StepNameCheck implements StepCheck {

    @Override
    public List<Issue> check(ExternalStepMethod method) {
        return Rules.stepNameViolation(method.stepName())
                .map(violation -> List.of(Issue.on(method.element(), method.annotation(),
                        method.explicitValue("name").orElse(null), Message.MALFORMED_STEP_NAME, method.stepName(),
                        violation)))
                .orElse(List.of());
    }
}
