package io.idempo.processor;

import io.idempo.plan.Rules;
import java.util.List;
import java.util.Optional;

/**
 * P013: actions go into record keys and log lines, so they use a small character set without the {@code :}
 * that separates action, scope and client key ({@link Rules#actionViolation}).
 */
final class ActionNameCheck implements MethodCheck {

    @Override
    public List<Issue> check(IdempotentMethod method) {
        String action = method.action();
        Optional<String> violation = Rules.actionViolation(action);
        if (violation.isEmpty()) {
            return List.of();
        }
        boolean derived = method.explicitValue("action").isEmpty();
        return List.of(Issue.on(method.element(), method.annotation(), method.explicitValue("action").orElse(null),
                Message.MALFORMED_ACTION, action, derived ? " (derived from the class and method names)" : "",
                violation.get()));
    }
}
