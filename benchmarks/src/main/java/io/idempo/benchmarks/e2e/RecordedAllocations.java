package io.idempo.benchmarks.e2e;

import java.util.HashMap;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedThread;

/**
 * The bytes allocated during a recording, two ways: exactly, from {@code jdk.ThreadAllocationStatistics} (each
 * thread's allocated bytes so far, written at the recording's start and end: the difference, or the whole for a
 * thread that started during the recording), and estimated, from the weights of {@code jdk.ObjectAllocationSample}
 * (each sample stands for the bytes allocated since the thread's previous sample; a thread's first sample in the
 * recording is left out, as it stands for everything since its last sample before, in the warm-up or an earlier
 * recording). Both on the HTTP workers and on every thread.
 */
final class RecordedAllocations {

    /**
     * Per thread id: when it was first seen, and its smallest and largest allocated-bytes counter (the counter only
     * grows, so these are the first and the last, in whatever order the file holds the events).
     */
    private final Map<Long, long[]> counters = new HashMap<>();
    private final Map<Long, Boolean> workers = new HashMap<>();
    private long recordingStartNanos = Long.MAX_VALUE;
    /** Per thread id: the time and the weight of its earliest allocation sample, and whether it is a worker. */
    private final Map<Long, long[]> firstSamples = new HashMap<>();
    private long sampledWeightAll;
    private long sampledWeightWorkers;

    void addStatistics(RecordedEvent event) {
        RecordedThread thread = event.getThread("thread");
        if (thread == null) {
            return;
        }
        long at = nanos(event);
        recordingStartNanos = Math.min(recordingStartNanos, at);
        long allocated = event.getLong("allocated");
        workers.put(thread.getJavaThreadId(), HttpWorkers.isWorker(thread));
        long[] seen = counters.computeIfAbsent(thread.getJavaThreadId(),
                id -> new long[] {at, allocated, allocated});
        seen[0] = Math.min(seen[0], at);
        seen[1] = Math.min(seen[1], allocated);
        seen[2] = Math.max(seen[2], allocated);
    }

    void addSample(RecordedEvent sample) {
        RecordedThread thread = sample.getThread("eventThread");
        if (thread == null) {
            return;
        }
        long weight = sample.getLong("weight");
        boolean worker = HttpWorkers.isWorker(thread);
        sampledWeightAll += weight;
        if (worker) {
            sampledWeightWorkers += weight;
        }
        long at = nanos(sample);
        long[] first = firstSamples.computeIfAbsent(thread.getJavaThreadId(),
                id -> new long[] {at, weight, worker ? 1 : 0});
        if (at < first[0]) {
            first[0] = at;
            first[1] = weight;
        }
    }

    /** The bytes the allocation samples stand for, their threads' first samples left out. */
    long sampled(boolean workersOnly) {
        long sum = workersOnly ? sampledWeightWorkers : sampledWeightAll;
        for (long[] first : firstSamples.values()) {
            if (!workersOnly || first[2] == 1) {
                sum -= first[1];
            }
        }
        return sum;
    }

    private static long nanos(RecordedEvent event) {
        return event.getStartTime().getEpochSecond() * 1_000_000_000L + event.getStartTime().getNano();
    }

    /** The bytes allocated during the recording, by the HTTP workers only or by every thread. */
    long exact(boolean workersOnly) {
        long sum = 0;
        for (Map.Entry<Long, long[]> thread : counters.entrySet()) {
            if (workersOnly && !workers.get(thread.getKey())) {
                continue;
            }
            long[] seen = thread.getValue();
            boolean seenAtStart = seen[0] - recordingStartNanos < 100_000_000L;
            sum += seenAtStart ? seen[2] - seen[1] : seen[2];
        }
        return sum;
    }
}
