package io.idempo.processor;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * P026: two methods with one step name would derive one key for one owner, and share its state (the second would
 * get the first's result). Unique in the whole compilation, not only in the declaring type: an owner (an event) is
 * often handled by steps of several classes. Remembered across rounds; the method seen second is reported.
 */
final class DuplicateStepNameCheck implements StepCheck {

    private final Map<String, String> ownerByName = new HashMap<>();

    @Override
    public List<Issue> check(ExternalStepMethod method) {
        String owner = method.describe();
        String earlier = ownerByName.putIfAbsent(method.stepName(), owner);
        if (earlier == null || earlier.equals(owner)) {
            return List.of();
        }
        return List.of(Issue.on(method.element(), method.annotation(), method.explicitValue("name").orElse(null),
                Message.DUPLICATE_STEP_NAME, method.stepName(), earlier));
    }
}
