package io.idempo.benchmarks.e2e;

import java.util.Arrays;
import java.util.OptionalDouble;

/**
 * One comparison of the plain endpoint (A) with the {@code @Idempotent} one (B): the same requests, the same
 * business work. The wrk series run for a fixed time with {@code E2eSettings.connections} connections (closed loop);
 * an open-loop series sends its closed-loop twin's requests at a fixed rate below the plain endpoint's capacity
 * (see {@link FixedRateLoad}); a burst releases {@code burstSize} requests with one key together.
 */
enum Series {

    UNIQUE_TRIVIAL("unique-trivial", "unique keys, trivial", "unique", "trivial", 0),
    UNIQUE_REALISTIC("unique-realistic", "unique keys, realistic", "unique", "realistic", 0),
    DUPLICATES_TRIVIAL("duplicates-trivial", "completed duplicates, trivial", "duplicates", "trivial", 0),
    MIX_REALISTIC("mix-realistic", "90/9/1 mix, realistic", "mix", "realistic", 0),
    OPEN_LOOP_REALISTIC("open-loop-realistic", "unique keys, realistic, open loop", UNIQUE_REALISTIC),
    BURST_100("burst-100", "100 at once on one key, realistic", null, "realistic", 100),
    BURST_1000("burst-1000", "1000 at once on one key, realistic", null, "realistic", 1000);

    final String id;
    final String label;
    /** The wrk script's LOAD_MODE, or null for a same-key burst. */
    final String wrkMode;
    /** The business work: {@code trivial} (one INSERT) or {@code realistic} (three statements, at least 2 ms). */
    final String work;
    final int burstSize;
    /**
     * An open-loop series: the closed-loop series with the same requests, whose plain rounds give the capacity the
     * fixed rate is a share of. Null for the others.
     */
    final Series closedLoop;

    Series(String id, String label, String wrkMode, String work, int burstSize) {
        this.id = id;
        this.label = label;
        this.wrkMode = wrkMode;
        this.work = work;
        this.burstSize = burstSize;
        this.closedLoop = null;
    }

    Series(String id, String label, Series closedLoop) {
        this.id = id;
        this.label = label;
        this.wrkMode = closedLoop.wrkMode;
        this.work = closedLoop.work;
        this.burstSize = 0;
        this.closedLoop = closedLoop;
    }

    boolean isBurst() {
        return burstSize > 0;
    }

    boolean isOpenLoop() {
        return closedLoop != null;
    }

    /**
     * The least B ÷ A throughput issue #15 asks of this series, if any: completed duplicates 2.5 times the plain
     * endpoint, unique keys with trivial work 0.65 (what Redis down scored). Unique keys with realistic work have none:
     * their target is the latency added at a steady load (the open-loop series), not throughput at saturation.
     */
    OptionalDouble throughputTarget() {
        return switch (this) {
            case DUPLICATES_TRIVIAL -> OptionalDouble.of(2.5);
            case UNIQUE_TRIVIAL -> OptionalDouble.of(0.65);
            default -> OptionalDouble.empty();
        };
    }

    /** The wrk load that warms this series' endpoints up: its own, or its closed-loop twin's. */
    Series closedLoopLoad() {
        return isOpenLoop() ? closedLoop : this;
    }

    /** The path of endpoint A (plain) or B (idempotent) for this series' work. */
    String path(boolean idempotent) {
        return (idempotent ? "/api/load/orders-idempotent/" : "/api/load/orders/") + work;
    }

    static Series named(String id) {
        return Arrays.stream(values()).filter(series -> series.id.equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("No series " + id + "; known: "
                        + Arrays.stream(values()).map(series -> series.id).toList()));
    }
}
