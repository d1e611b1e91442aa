package io.idempo.jakarta;

/** The admin surface's role, for the application's identity store to grant ({@code idempo.admin.enabled=true}). */
public final class IdempotencyAdmin {

    /** Callers in this role may list, inspect, invalidate and purge records; all others are refused and audited. */
    public static final String ROLE = "idempo-admin";

    private IdempotencyAdmin() {
    }
}
