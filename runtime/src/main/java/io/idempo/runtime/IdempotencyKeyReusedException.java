package io.idempo.runtime;

import java.util.List;

/**
 * The key was first used with other parameters. The request is refused (HTTP 422), nothing runs and the first
 * record is left unchanged. {@link #differingFields()} names the fingerprint fields that differ, never their values.
 */
public final class IdempotencyKeyReusedException extends IdempotencyException {

    private static final long serialVersionUID = 1L;

    private final List<String> differingFields;

    public IdempotencyKeyReusedException(String action, String key, List<String> differingFields) {
        super(action, key, "Idempotency key reused for action " + action + " with different parameters"
                + (differingFields.isEmpty() ? "" : " (" + String.join(", ", differingFields) + ")")
                + ": send a new key for a new request, or repeat the first request unchanged", null);
        this.differingFields = List.copyOf(differingFields);
    }

    /** The fingerprint paths whose values differ from the first call's; empty when that cannot be told. */
    public List<String> differingFields() {
        return differingFields;
    }
}
