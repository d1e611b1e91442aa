package io.idempo.runtime;

import io.idempo.runtime.spi.CallOutcome;
import java.lang.System.Logger.Level;
import java.util.Optional;

/**
 * One INFO line per call on the logger {@code io.idempo.outcome}: the action, the scope, the key, the request id,
 * the outcome and where it was decided, so that "first", "replayed", "in progress" and "key reused" can be told
 * apart in production and traced to the request that saw them; when an OpenTelemetry span is current, its trace id
 * too ({@code trace=}). Never request or response values. Raise the logger's level to silence it.
 */
final class OutcomeLog {

    private static final System.Logger LOG = System.getLogger("io.idempo.outcome");

    /** Which layer decided the outcome. */
    enum DecidedBy {
        CLAIM_STORE("claim-store"), CLAIM_STORE_AFTER_WAIT("claim-store-after-wait"), DATABASE("database"),
        FINGERPRINT("fingerprint"), EDGE("edge");

        private final String label;

        DecidedBy(String label) {
            this.label = label;
        }
    }

    private OutcomeLog() {
    }

    private static final String LINE = "idempo action={0} scope={1} key={2} request={3} outcome={4} source={5}";

    static void log(RecordKey key, CallOutcome outcome, DecidedBy source) {
        if (LOG.isLoggable(Level.INFO)) {
            String scope = key.scope().isEmpty() ? "-" : key.scope();
            String request = IdempotencyContext.currentRequestId().orElse("-");
            Optional<String> trace = CurrentTrace.id();
            if (trace.isPresent()) {
                LOG.log(Level.INFO, LINE + " trace={6}", key.action(), scope, key.clientKey(), request,
                        outcome.label(), source.label, trace.get());
            } else {
                LOG.log(Level.INFO, LINE, key.action(), scope, key.clientKey(), request, outcome.label(),
                        source.label);
            }
        }
    }
}
