package io.idempo.testing;

import java.util.LinkedHashMap;
import java.util.Map;

/** Snapshots of named counters (Redis's calls per command, a database server's status counters) compared. */
public final class CounterSnapshots {

    private CounterSnapshots() {
    }

    /** The counters that changed between {@code before} and {@code after}, by how much, in {@code after}'s order. */
    public static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> delta = new LinkedHashMap<>();
        after.forEach((name, count) -> {
            long difference = count - before.getOrDefault(name, 0L);
            if (difference != 0) {
                delta.put(name, difference);
            }
        });
        return delta;
    }
}
