package io.idempo.runtime.engine;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * Counts the engine's outcome lines per "outcome/source", such as {@code replayed/database}, from the moment it is
 * {@linkplain #capture() attached} to the {@code io.idempo.outcome} logger until it is closed.
 */
final class OutcomeCounts extends Handler implements AutoCloseable {

    private static final Logger OUTCOMES = Logger.getLogger("io.idempo.outcome");

    final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
    private final SimpleFormatter formatter = new SimpleFormatter();

    private OutcomeCounts() {
    }

    static OutcomeCounts capture() {
        OutcomeCounts counter = new OutcomeCounts();
        OUTCOMES.addHandler(counter);
        return counter;
    }

    @Override
    public void publish(LogRecord record) {
        String line = formatter.formatMessage(record);
        int outcome = line.indexOf("outcome=");
        int source = line.indexOf("source=");
        if (outcome >= 0 && source >= 0) {
            String key = line.substring(outcome + 8, line.indexOf(' ', outcome)) + "/" + line.substring(source + 7)
                    .split("\\s")[0];
            counts.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
        }
    }

    int get(String outcomeAndSource) {
        AtomicInteger count = counts.get(outcomeAndSource);
        return count == null ? 0 : count.get();
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        OUTCOMES.removeHandler(this);
    }
}
