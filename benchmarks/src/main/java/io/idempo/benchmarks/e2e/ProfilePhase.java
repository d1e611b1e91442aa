package io.idempo.benchmarks.e2e;

/**
 * A request stream that the profile records: the end-to-end benchmark's trivial work (one INSERT) on the plain
 * endpoint (A) or the {@code @Idempotent} one (B), with a new key per request or with completed keys repeated.
 */
enum ProfilePhase {

    PLAIN("plain", "A plain, unique keys", false, "unique"),
    FIRST_CALL("first-call", "B first call (unique keys)", true, "unique"),
    DUPLICATE("duplicate", "B completed duplicate", true, "duplicates");

    final String id;
    final String label;
    final boolean idempotent;
    /** The wrk script's LOAD_MODE. */
    final String wrkMode;

    ProfilePhase(String id, String label, boolean idempotent, String wrkMode) {
        this.id = id;
        this.label = label;
        this.idempotent = idempotent;
        this.wrkMode = wrkMode;
    }
}
