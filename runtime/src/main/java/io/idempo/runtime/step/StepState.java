package io.idempo.runtime.step;

/** Where an external step stands; see docs/external-calls.md for the transitions. */
public enum StepState {
    /** An attempt is running (its lease is live), or one ended with an unknown outcome and the step will be retried. */
    STARTED,
    /** The provider did it: the stored result is returned to every later run. Final. */
    SUCCEEDED,
    /** The provider refused it for good (a permanent failure, or an operator): rethrown to every later run. Final. */
    FAILED,
    /**
     * The budget is spent, or the outcome cannot be found out: never called again by itself. An operator resolves it
     * to SUCCEEDED or FAILED.
     */
    INDETERMINATE
}
