package io.idempo.runtime;

import java.lang.System.Logger.Level;

/**
 * One INFO line per call on the logger {@code io.idempo.outcome}: the action, the scope, the key, the outcome
 * and where it was decided (the claim store or the database), so that "first", "replay", "in progress" and
 * "key reused" can be told apart in production. Never request or response values. Raise the logger's level to
 * silence it.
 */
final class OutcomeLog {

    private static final System.Logger LOG = System.getLogger("io.idempo.outcome");

    enum Outcome {
        FIRST("first"), REPLAY("replay"), IN_PROGRESS("in-progress"), KEY_REUSED("key-reused"),
        STORED_FAILURE("stored-failure"), FAILED("failed"), BUSY("busy-retry");

        private final String label;

        Outcome(String label) {
            this.label = label;
        }
    }

    private OutcomeLog() {
    }

    static void log(RecordKey key, Outcome outcome, String source) {
        if (LOG.isLoggable(Level.INFO)) {
            LOG.log(Level.INFO, "idempo action={0} scope={1} key={2} outcome={3} source={4}", key.action(),
                    key.scope().isEmpty() ? "-" : key.scope(), key.clientKey(), outcome.label, source);
        }
    }
}
