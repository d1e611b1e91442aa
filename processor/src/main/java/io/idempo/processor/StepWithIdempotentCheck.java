package io.idempo.processor;

import java.util.List;

/**
 * P031: an {@code @Idempotent} method always runs in a transaction (its caller's, or one the engine begins), and a
 * step refuses to run in one: the two on one method could never run.
 */
final class StepWithIdempotentCheck implements StepCheck {

    @Override
    public List<Issue> check(ExternalStepMethod method) {
        return Annotations.find(method.element(), IdempotentMethod.IDEMPOTENT)
                .map(idempotent -> List.of(Issue.on(method.element(), method.annotation(), null,
                        Message.STEP_AND_IDEMPOTENT)))
                .orElse(List.of());
    }
}
