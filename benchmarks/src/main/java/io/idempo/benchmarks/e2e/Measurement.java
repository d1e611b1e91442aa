package io.idempo.benchmarks.e2e;

/**
 * One measured round of one endpoint, or its counting pass: the load after the timed rounds whose database
 * counters the report uses, read once the database has published them all (see
 * {@link DatabaseCounters.Kind#publishDelay}).
 *
 * @param round      1.. in the order of the A B A B ... sequence (A and B of a pair share the number); 0 for the
 *                   counting pass
 * @param executions bursts: the business rows the burst left (1 when only one request ran); -1 otherwise
 */
record Measurement(Configuration configuration, Series series, boolean idempotent, int round, LoadResult load,
                   Counters.Delta counters, long executions) {

    static final int COUNTING_PASS = 0;

    boolean isCountingPass() {
        return round == COUNTING_PASS;
    }

    double perRequest(long total) {
        return load.requests() == 0 ? Double.NaN : (double) total / load.requests();
    }
}
