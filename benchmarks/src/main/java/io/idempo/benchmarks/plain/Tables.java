package io.idempo.benchmarks.plain;

import java.util.UUID;

/** The names a run creates and drops: its record table, its order table and its Redis key prefix. */
record Tables(String records, String orders, String redisPrefix) {

    static Tables unique() {
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        return new Tables("plainbench_rec_" + suffix, "plainbench_orders_" + suffix, "plainbench:" + suffix + ":");
    }
}
