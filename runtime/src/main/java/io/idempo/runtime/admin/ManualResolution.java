package io.idempo.runtime.admin;

/** What an operator's resolution of a step did ({@link StepAdministration#resolveSucceeded} and the others). */
public enum ManualResolution {
    /** The step was INDETERMINATE and is now SUCCEEDED or FAILED: its next run returns the resolution. */
    RESOLVED,
    /** No step has this derived key. */
    NOT_FOUND,
    /** The step is not INDETERMINATE (it ended, or attempts still run): only those are resolved by hand. */
    NOT_INDETERMINATE
}
