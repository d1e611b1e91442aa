package io.idempo.runtime.step;

/**
 * An operator resolved the INDETERMINATE step as failed ({@code StepAdministration.resolveFailed}): every run throws
 * this, with the operator's message, without calling.
 */
public final class StepFailedException extends ExternalStepException {

    private static final long serialVersionUID = 1L;

    public StepFailedException(StepKey step, String derivedKey, String message) {
        super(step, derivedKey, message, null);
    }
}
