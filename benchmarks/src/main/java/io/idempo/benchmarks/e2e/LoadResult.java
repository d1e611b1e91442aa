package io.idempo.benchmarks.e2e;

import java.util.Map;

/**
 * What the load generator saw in one round.
 *
 * @param requests       answered requests
 * @param durationMicros from the first request to the end of the round
 * @param p50Micros      median latency
 * @param p99Micros      99th percentile latency
 * @param p999Micros     99.9th percentile latency
 * @param statuses       answers per HTTP status
 * @param replayed       answers marked {@code Idempotent-Replayed: true}
 * @param socketErrors   connect, read, write errors and timeouts (no answer at all)
 */
record LoadResult(long requests, long durationMicros, long p50Micros, long p99Micros, long p999Micros,
                  Map<Integer, Long> statuses,
                  long replayed, long socketErrors) {

    double requestsPerSecond() {
        return requests * 1_000_000.0 / durationMicros;
    }

    long count(int status) {
        return statuses.getOrDefault(status, 0L);
    }

    /** Answers outside 2xx, 409 included. */
    long non2xx() {
        return statuses.entrySet().stream().filter(entry -> entry.getKey() / 100 != 2)
                .mapToLong(Map.Entry::getValue).sum();
    }

    /** Answers outside 2xx other than 409 (in progress), which a concurrent retry is meant to get. */
    long unexpectedNon2xx() {
        return statuses.entrySet().stream().filter(entry -> entry.getKey() / 100 != 2 && entry.getKey() != 409)
                .mapToLong(Map.Entry::getValue).sum();
    }
}
