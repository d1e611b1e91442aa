package io.idempo.processor;

import java.util.List;
import java.util.regex.Pattern;

/**
 * P013: actions go into record keys and log lines, so they use a small character set without the {@code :}
 * that separates action, scope and client key.
 */
final class ActionNameCheck implements MethodCheck {

    static final Pattern ACTION = Pattern.compile("[A-Za-z][A-Za-z0-9_.-]{0,63}");

    @Override
    public List<Issue> check(IdempotentMethod method) {
        String action = method.action();
        if (ACTION.matcher(action).matches()) {
            return List.of();
        }
        boolean derived = method.explicitValue("action").isEmpty();
        return List.of(Issue.on(method.element(), method.annotation(), method.explicitValue("action").orElse(null),
                Message.MALFORMED_ACTION, action, derived ? " (derived from the class and method names)" : ""));
    }
}
