package io.idempo.example.faults;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;

/** Every request of a fault test, in the order they ended (safe to add to from many threads). */
public final class History {

    private final Collection<Attempt> attempts = new ConcurrentLinkedQueue<>();

    public void add(Attempt attempt) {
        attempts.add(attempt);
    }

    public List<Attempt> attempts() {
        return new ArrayList<>(attempts);
    }

    /** The attempts per key, keys in order. */
    public Map<String, List<Attempt>> byKey() {
        return attempts.stream().collect(Collectors.groupingBy(Attempt::key, TreeMap::new, Collectors.toList()));
    }

    /** How many attempts ended with each status ({@link Attempt#NO_ANSWER} for none), for the test's report. */
    public Map<Integer, Long> statusCounts() {
        return attempts.stream().collect(Collectors.groupingBy(Attempt::status, TreeMap::new, Collectors.counting()));
    }

    /** The slowest answer, in milliseconds. */
    public long slowestMillis() {
        return attempts.stream().mapToLong(Attempt::millis).max().orElse(0);
    }

    /**
     * For each key whose attempts failed (a server error or no answer) and later succeeded: the milliseconds from its
     * last failure to its first success after it, the time a careful client waited for a failed call to heal.
     */
    public List<Long> healingMillis() {
        List<Long> healing = new ArrayList<>();
        byKey().values().forEach(attempts -> {
            List<Attempt> inOrder = attempts.stream().sorted(java.util.Comparator.comparingLong(Attempt::endedAt))
                    .toList();
            Attempt lastFailure = null;
            for (Attempt attempt : inOrder) {
                if (attempt.failed()) {
                    lastFailure = attempt;
                } else if (attempt.succeeded() && lastFailure != null) {
                    healing.add((attempt.endedAt() - lastFailure.endedAt()) / 1_000_000);
                    lastFailure = null;
                }
            }
        });
        return healing;
    }

    public long count(java.util.function.Predicate<Attempt> condition) {
        return attempts.stream().filter(condition).count();
    }
}
