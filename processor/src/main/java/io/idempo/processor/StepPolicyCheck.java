package io.idempo.processor;

import io.idempo.plan.Rules;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationValue;

/**
 * P029: {@code maxAttempts} is a budget between 1 and 1000, the durations are positive ISO-8601 durations, and the
 * first backoff is no longer than the longest ({@link Rules}). An attribute left out uses the runtime's default.
 */
final class StepPolicyCheck implements StepCheck {

    static final List<String> DURATIONS = List.of("backoff", "maxBackoff", "lease", "retryWindow");

    @Override
    public List<Issue> check(ExternalStepMethod method) {
        List<Issue> issues = new ArrayList<>();
        method.explicitValue("maxAttempts").ifPresent(value -> Rules.stepAttemptsViolation((Integer) value.getValue())
                .ifPresent(problem -> issues.add(issue(method, value, Message.INVALID_STEP_ATTEMPTS,
                        value.getValue(), problem))));
        for (String attribute : DURATIONS) {
            method.explicitValue(attribute).ifPresent(value -> {
                String text = (String) value.getValue();
                Rules.durationViolation(text).ifPresent(problem -> issues.add(issue(method, value,
                        Message.INVALID_STEP_DURATION, attribute, text, problem)));
            });
        }
        Optional<Duration> first = duration(method, "backoff");
        Optional<Duration> longest = duration(method, "maxBackoff");
        if (first.isPresent() && longest.isPresent()) {
            Rules.backoffViolation(first.get(), longest.get()).ifPresent(problem -> issues.add(issue(method,
                    method.explicitValue("backoff").orElseThrow(), Message.BACKOFF_ABOVE_MAX,
                    method.stringAttribute("backoff"), problem)));
        }
        return issues;
    }

    /** The attribute's duration when it is given and valid. */
    private static Optional<Duration> duration(ExternalStepMethod method, String attribute) {
        String text = method.stringAttribute(attribute);
        return text.isEmpty() || Rules.durationViolation(text).isPresent() ? Optional.empty()
                : Optional.of(Duration.parse(text));
    }

    private static Issue issue(ExternalStepMethod method, AnnotationValue value, Message message,
                               Object... arguments) {
        return Issue.on(method.element(), method.annotation(), value, message, arguments);
    }
}
