package io.idempo.example.jobs;

import java.time.Duration;
import java.time.Instant;

/**
 * A job's time cut into slots of one period, aligned on the epoch, so that every node computes the same slots from
 * its clock: with a period of a minute, the slot of 12:20:41 is 12:20:00. A slot's start, ISO-8601, is the key of
 * its idempotent call.
 */
record Slots(Duration period) {

    Slots {
        if (period.isNegative() || period.isZero()) {
            throw new IllegalArgumentException("A slot lasts a positive time, got " + period);
        }
    }

    /** The slot that {@code time} falls in. */
    Instant containing(Instant time) {
        long length = period.toMillis();
        return Instant.ofEpochMilli(Math.floorDiv(time.toEpochMilli(), length) * length);
    }

    /** The slot that follows the one {@code time} falls in. */
    Instant after(Instant time) {
        return containing(time).plus(period);
    }

    /**
     * The slot to run after {@code slot} when it is now {@code now}: the next one, unless this node fell more than a
     * slot behind (a long pause): then the current one, leaving the slots it missed to the other nodes.
     */
    Instant next(Instant slot, Instant now) {
        Instant following = slot.plus(period);
        Instant current = containing(now);
        return following.isBefore(current) ? current : following;
    }
}
