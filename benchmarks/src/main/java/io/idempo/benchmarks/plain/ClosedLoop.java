package io.idempo.benchmarks.plain;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.HdrHistogram.Histogram;

/** Runs one call on a few threads back to back for a while: the calls made and their latencies. */
final class ClosedLoop {

    /** One call of a variant; the variant chooses its own key. */
    @FunctionalInterface
    interface Call {
        void run() throws Exception;
    }

    /** What one pass did: calls completed, over how long, and each call's latency in nanoseconds. */
    record Pass(long calls, double seconds, Histogram latencies) {

        double perSecond() {
            return calls / seconds;
        }
    }

    private ClosedLoop() {
    }

    /** Fails on the first call that throws: every variant's calls are expected to succeed. */
    static Pass run(Call call, int threads, double seconds) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            long start = System.nanoTime();
            long end = start + (long) (seconds * 1e9);
            List<Future<Histogram>> workers = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                workers.add(pool.submit(() -> {
                    Histogram latencies = new Histogram(3);
                    for (long now = System.nanoTime(); now < end; ) {
                        call.run();
                        long after = System.nanoTime();
                        latencies.recordValue(after - now);
                        now = after;
                    }
                    return latencies;
                }));
            }
            Histogram all = new Histogram(3);
            for (Future<Histogram> worker : workers) {
                all.add(worker.get());
            }
            return new Pass(all.getTotalCount(), (System.nanoTime() - start) / 1e9, all);
        } finally {
            pool.shutdownNow();
        }
    }
}
