package io.idempo.runtime;

import io.idempo.runtime.spi.CallOutcome;
import java.lang.System.Logger.Level;

/**
 * One INFO line per call on the logger {@code io.idempo.outcome}: the action, the scope, the key, the request id,
 * the outcome and where it was decided, so that "first", "replayed", "in progress" and "key reused" can be told
 * apart in production and traced to the request that saw them. Never request or response values. Raise the
 * logger's level to silence it.
 */
final class OutcomeLog {

    private static final System.Logger LOG = System.getLogger("io.idempo.outcome");

    /** Which layer decided the outcome. */
    enum DecidedBy {
        CLAIM_STORE("claim-store"), CLAIM_STORE_AFTER_WAIT("claim-store-after-wait"), DATABASE("database"),
        FINGERPRINT("fingerprint");

        private final String label;

        DecidedBy(String label) {
            this.label = label;
        }
    }

    private OutcomeLog() {
    }

    static void log(RecordKey key, CallOutcome outcome, DecidedBy source) {
        if (LOG.isLoggable(Level.INFO)) {
            LOG.log(Level.INFO, "idempo action={0} scope={1} key={2} request={3} outcome={4} source={5}",
                    key.action(), key.scope().isEmpty() ? "-" : key.scope(), key.clientKey(),
                    IdempotencyContext.currentRequestId().orElse("-"), outcome.label(), source.label);
        }
    }
}
