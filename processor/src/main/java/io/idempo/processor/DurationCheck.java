package io.idempo.processor;

import java.time.Duration;
import java.time.Period;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** P012: {@code ttl} and {@code lease} are positive ISO-8601 durations (empty means the runtime default). */
final class DurationCheck implements MethodCheck {

    static final List<String> ATTRIBUTES = List.of("ttl", "lease");

    @Override
    public List<Issue> check(IdempotentMethod method) {
        List<Issue> issues = new ArrayList<>();
        for (String attribute : ATTRIBUTES) {
            method.explicitValue(attribute).ifPresent(value -> {
                String text = (String) value.getValue();
                problem(text).ifPresent(problem -> issues.add(Issue.on(method.element(), method.annotation(), value,
                        Message.INVALID_DURATION, attribute, text, problem)));
            });
        }
        return issues;
    }

    private static Optional<String> problem(String text) {
        if (text.isEmpty()) {
            return Optional.empty();
        }
        try {
            Duration duration = Duration.parse(text);
            return duration.isNegative() || duration.isZero()
                    ? Optional.of("is not positive") : Optional.empty();
        } catch (DateTimeParseException e) {
            return Optional.of(isPeriod(text) ? "uses years, months or weeks, which java.time.Duration does not "
                    + "accept (count days, as in \"P30D\")" : "is not an ISO-8601 duration");
        }
    }

    /** {@code P1M} and {@code P2W} are valid ISO-8601, but only as a calendar {@link Period}. */
    private static boolean isPeriod(String text) {
        try {
            Period.parse(text);
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }
}
