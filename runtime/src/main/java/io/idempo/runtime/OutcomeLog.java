package io.idempo.runtime;

import io.idempo.runtime.spi.CallOutcome;
import io.idempo.runtime.spi.StepOutcome;
import io.idempo.runtime.spi.TraceIds;
import java.lang.System.Logger.Level;

/**
 * One INFO line per call on the logger {@code io.idempo.outcome}: the action, the scope, the key, the request id,
 * the outcome and where it was decided, so that "first", "replayed", "in progress" and "key reused" can be told
 * apart in production and traced to the request that saw them; when the engine's {@link TraceIds} know the current
 * trace, its id too ({@code trace=}). Never request or response values. Raise the logger's level to silence it.
 *
 * <p>External steps write the same line ({@link #logStep}); that is the only reason the class is public: it is not
 * an API.
 */
public final class OutcomeLog {

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

    private final TraceIds traces;

    /** @param traces where the line finds the current trace's id */
    public OutcomeLog(TraceIds traces) {
        this.traces = traces;
    }

    void log(RecordKey key, CallOutcome outcome, DecidedBy source) {
        line(key.action(), key.scope(), key.clientKey(), outcome.label(), source.label);
    }

    /**
     * The line of one run of an external step ({@code io.idempo.runtime.step}): the step's name as the action, its
     * owner as the scope, its derived key as the key.
     */
    public void logStep(String step, String owner, String derivedKey, StepOutcome outcome, String source) {
        line(step, owner, derivedKey, outcome.label(), source);
    }

    /**
     * The line is built here rather than handed to the logger as a pattern with parameters: a handler would parse
     * that pattern with {@code MessageFormat} on every call (a fifth of the line's cost on Payara, JFR profile).
     */
    private void line(String action, String scope, String key, String outcome, String source) {
        if (LOG.isLoggable(Level.INFO)) {
            StringBuilder line = new StringBuilder(160)
                    .append("idempo action=").append(action)
                    .append(" scope=").append(scope.isEmpty() ? "-" : scope)
                    .append(" key=").append(key)
                    .append(" request=").append(IdempotencyContext.currentRequestId().orElse("-"))
                    .append(" outcome=").append(outcome)
                    .append(" source=").append(source);
            traces.current().ifPresent(trace -> line.append(" trace=").append(trace));
            LOG.log(Level.INFO, line.toString());
        }
    }
}
