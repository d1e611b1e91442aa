package io.idempo.runtime.step;

/**
 * A {@link StepResolver}'s answer about one step: the provider did it (with its result), did not do it (the step is
 * called), or cannot tell (the step waits for its next attempt, which asks again).
 *
 * @param <T> the step's result type
 */
public sealed interface StepResolution<T> {

    /** The provider did it: the step succeeds with {@code result}, without calling. */
    record Done<T>(T result) implements StepResolution<T> {
    }

    /** The provider has no trace of it: the step is called now. */
    record NotDone<T>() implements StepResolution<T> {
    }

    /** The provider cannot tell now: the attempt counts as failed, and the next one asks again. */
    record Unknown<T>(String why) implements StepResolution<T> {
    }

    static <T> StepResolution<T> done(T result) {
        return new Done<>(result);
    }

    static <T> StepResolution<T> notDone() {
        return new NotDone<>();
    }

    static <T> StepResolution<T> unknown(String why) {
        return new Unknown<>(why);
    }
}
