package io.idempo.processor;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * P014: two methods with one action would read each other's records. Remembers every action of the compilation
 * across rounds; the method seen second is reported, naming the first.
 */
final class DuplicateActionCheck implements MethodCheck {

    private final Map<String, String> ownerByAction = new HashMap<>();

    @Override
    public List<Issue> check(IdempotentMethod method) {
        String owner = method.describe();
        String earlier = ownerByAction.putIfAbsent(method.action(), owner);
        if (earlier == null || earlier.equals(owner)) {
            return List.of();
        }
        return List.of(Issue.on(method.element(), method.annotation(), method.explicitValue("action").orElse(null),
                Message.DUPLICATE_ACTION, method.action(), earlier));
    }
}
