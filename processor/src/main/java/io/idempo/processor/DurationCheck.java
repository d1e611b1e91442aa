package io.idempo.processor;

import io.idempo.plan.Rules;
import java.util.ArrayList;
import java.util.List;

/** P012: {@code ttl} and {@code lease} are positive ISO-8601 durations ({@link Rules#durationViolation}). */
final class DurationCheck implements MethodCheck {

    static final List<String> ATTRIBUTES = List.of("ttl", "lease");

    @Override
    public List<Issue> check(IdempotentMethod method) {
        List<Issue> issues = new ArrayList<>();
        for (String attribute : ATTRIBUTES) {
            method.explicitValue(attribute).ifPresent(value -> {
                String text = (String) value.getValue();
                Rules.durationViolation(text).ifPresent(problem -> issues.add(Issue.on(method.element(),
                        method.annotation(), value, Message.INVALID_DURATION, attribute, text, problem)));
            });
        }
        return issues;
    }
}
