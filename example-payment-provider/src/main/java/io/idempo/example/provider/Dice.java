package io.idempo.example.provider;

import java.util.Random;

/**
 * The provider's one source of chance, for its faults: seeded, so that a run with the same seed and the same
 * requests, one after another, draws the same faults. Concurrent requests draw in the order they reach it.
 */
final class Dice {

    private final Random random;

    Dice(long seed) {
        this.random = new Random(seed);
    }

    /** True with {@code probability}; 0 and 1 draw nothing. */
    synchronized boolean roll(double probability) {
        if (probability <= 0) {
            return false;
        }
        return probability >= 1 || random.nextDouble() < probability;
    }
}
