package io.idempo.outbox;

import java.lang.System.Logger.Level;
import java.time.Duration;

/**
 * The relay's state, logged once per change rather than once per poll: running, or backing off because the broker
 * or the database failed. While backing off, the wait before the next batch doubles from the poll interval up to the
 * maximum back-off, so that a relay neither hammers a broker that is down nor waits long once it is back.
 */
final class RelayHealth {

    private static final System.Logger LOG = System.getLogger("io.idempo.outbox");

    enum State {
        RUNNING("running"), BROKER_DOWN("broker-down"), DATABASE_DOWN("database-down");

        final String label;

        State(String label) {
            this.label = label;
        }
    }

    private final String relay;
    private final Duration pollInterval;
    private final Duration maxBackoff;
    private State state = State.RUNNING;
    private int failures;
    private long failingSinceNanos;
    private long resumeAtNanos;

    RelayHealth(String relay, Duration pollInterval, Duration maxBackoff) {
        this.relay = relay;
        this.pollInterval = pollInterval;
        this.maxBackoff = maxBackoff;
    }

    State state() {
        return state;
    }

    /** Whether the relay is backing off now. */
    boolean backingOff(long nowNanos) {
        return state != State.RUNNING && nowNanos - resumeAtNanos < 0;
    }

    void succeeded(long nowNanos) {
        if (state != State.RUNNING) {
            LOG.log(Level.INFO, "idempo outbox relay-state relay={0} state=running was={1} for={2}ms attempts={3}",
                    relay, state.label, (nowNanos - failingSinceNanos) / 1_000_000, failures);
        }
        state = State.RUNNING;
        failures = 0;
    }

    void failed(State cause, String reason, long nowNanos) {
        Duration wait = backoff(++failures);
        if (state != cause) {
            if (state == State.RUNNING) {
                failingSinceNanos = nowNanos;
            }
            LOG.log(Level.WARNING, "idempo outbox relay-state relay={0} state={1} reason={2}; events stay pending,"
                    + " retrying in {3}ms and backing off up to {4}ms", relay, cause.label, reason, wait.toMillis(),
                    maxBackoff.toMillis());
        }
        state = cause;
        resumeAtNanos = nowNanos + wait.toNanos();
    }

    /** The poll interval doubled per consecutive failure, at most the maximum back-off. */
    Duration backoff(int consecutiveFailures) {
        Duration wait = pollInterval;
        for (int i = 1; i < consecutiveFailures && wait.compareTo(maxBackoff) < 0; i++) {
            wait = wait.multipliedBy(2);
        }
        return wait.compareTo(maxBackoff) > 0 ? maxBackoff : wait;
    }
}
