package io.idempo.runtime.spi;

/**
 * What a claim store reports about its own health, for metrics: how many of its operations failed since it
 * started, and the state of the circuit that lets calls skip it while it is down.
 */
public interface ClaimStoreHealth {

    /** {@code CLOSED}: calls use the store; {@code OPEN}: they skip it; {@code HALF_OPEN}: one probe decides. */
    enum Circuit { CLOSED, HALF_OPEN, OPEN }

    /** Operations that failed (errors and timeouts, not calls that skipped the store) since start. */
    long failures();

    Circuit circuit();

    /** The health of a store that cannot fail: the in-JVM one. */
    ClaimStoreHealth ALWAYS_HEALTHY = new ClaimStoreHealth() {
        @Override
        public long failures() {
            return 0;
        }

        @Override
        public Circuit circuit() {
            return Circuit.CLOSED;
        }
    };
}
