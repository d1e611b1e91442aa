package io.idempo.runtime.admin;

import io.idempo.runtime.internal.BatchedDelete;
import io.idempo.runtime.spi.IdempotencyMetrics;
import io.idempo.runtime.spi.StoredOutcome;
import io.idempo.runtime.spi.TransactionSupport;
import io.idempo.runtime.step.StepFailedException;
import io.idempo.runtime.step.StepKey;
import io.idempo.runtime.step.StepState;
import io.idempo.runtime.step.StepStore;
import io.idempo.runtime.step.StepStoreBusyException;
import io.idempo.runtime.step.StoredStep;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What an operator does to external steps without writing SQL: list them (INDETERMINATE first), count them by state
 * (and, on a schedule, report the INDETERMINATE ones to the metrics), inspect one, resolve an INDETERMINATE one by
 * hand after finding out at the provider whether it was done, and purge finished ones. Each operation runs in a
 * transaction of its own and leaves one line on the logger {@code io.idempo.audit}, as {@link RecordAdministration}'s
 * do:
 *
 * <pre>
 * idempo-audit operation=resolve-step operator=admin request=5f0c... step=provider.charge owner=event:9b2e...
 *     derivedKey=idem-3f1a... result=succeeded
 * </pre>
 */
public final class StepAdministration {

    /** Rows per purge transaction, and transactions per purge run. */
    static final int PURGE_BATCH = 500;
    static final int PURGE_BATCHES = 100;

    private final StepStore steps;
    private final TransactionSupport transactions;
    private final IdempotencyMetrics metrics;
    private final Clock clock;

    /**
     * @param transactions transactions of the administration's own, on the step table's database
     * @param metrics      where {@link #countOnSchedule()} reports the INDETERMINATE steps
     */
    public StepAdministration(StepStore steps, TransactionSupport transactions, IdempotencyMetrics metrics,
                              Clock clock) {
        this.steps = Objects.requireNonNull(steps, "steps");
        this.transactions = Objects.requireNonNull(transactions, "transactions");
        this.metrics = Objects.requireNonNull(metrics, "metrics");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Up to {@code limit} steps of every state: INDETERMINATE first, then STARTED, FAILED, SUCCEEDED. */
    public List<StoredStep> list(Operator operator, int limit) {
        return audited("list-steps", operator, "limit=" + limit,
                () -> inTransaction(() -> steps.list(transactions.executor(), limit)),
                found -> found.size() + " steps");
    }

    /** Up to {@code limit} steps in {@code state}, longest unchanged first. */
    public List<StoredStep> list(Operator operator, StepState state, int limit) {
        return audited("list-steps", operator, "state=" + state + " limit=" + limit,
                () -> inTransaction(() -> steps.list(transactions.executor(), state, limit)),
                found -> found.size() + " steps");
    }

    /** How many steps are in each state (every state present). */
    public Map<StepState, Long> count(Operator operator) {
        return audited("count-steps", operator, "", this::counts, Map::toString);
    }

    /**
     * The scheduled count, which no operator asked for: nothing is audited. Reports the INDETERMINATE steps to the
     * metrics ({@code indeterminateStepsCounted}, a gauge) and returns them. Schedule it every minute or so.
     */
    public long countOnSchedule() {
        long indeterminate = counts().get(StepState.INDETERMINATE);
        metrics.indeterminateStepsCounted(indeterminate);
        return indeterminate;
    }

    /** The step with this derived key, in any state. */
    public Optional<StoredStep> find(Operator operator, String derivedKey) {
        StepKey.requireDerivedKey(derivedKey);
        return audited("look-up-step", operator, "derivedKey=" + derivedKey,
                () -> inTransaction(() -> steps.find(transactions.executor(), derivedKey)),
                found -> found.map(step -> state(step.state())).orElse("not-found"));
    }

    /**
     * Resolves an INDETERMINATE step as SUCCEEDED, the provider having done it: every later run returns
     * {@code encodedResult} decoded as the step's result type. It is the response codec's text of the result (JSON
     * for the JSON-B and Jackson codecs), such as the provider's answer as the step would have returned it.
     */
    public ManualResolution resolveSucceeded(Operator operator, String derivedKey, String encodedResult) {
        Objects.requireNonNull(encodedResult, "encodedResult");
        return resolve(operator, derivedKey, StepState.SUCCEEDED,
                new StoredOutcome(StoredOutcome.Kind.RESULT, encodedResult));
    }

    /** Resolves an INDETERMINATE step without a result (a mail) as SUCCEEDED: later runs return {@code null}. */
    public ManualResolution resolveSucceededWithoutResult(Operator operator, String derivedKey) {
        return resolve(operator, derivedKey, StepState.SUCCEEDED, new StoredOutcome(StoredOutcome.Kind.NONE, ""));
    }

    /**
     * Resolves an INDETERMINATE step as FAILED, the provider not having done it (or the operator deciding it must not
     * be): every later run throws {@link StepFailedException} with {@code message}, without calling.
     */
    public ManualResolution resolveFailed(Operator operator, String derivedKey, String message) {
        Objects.requireNonNull(message, "message");
        return resolve(operator, derivedKey, StepState.FAILED, new StoredOutcome(StoredOutcome.Kind.EXCEPTION,
                StepFailedException.class.getName() + "\n" + message));
    }

    /**
     * Deletes SUCCEEDED and FAILED steps that ended more than {@code retention} ago, in batches of their own
     * transactions, and returns how many. An owner that runs a deleted step again calls the provider again: keep steps
     * longer than any owner may be retried.
     */
    public int purgeFinished(Operator operator, Duration retention) {
        return audited("purge-steps", operator, "retention=" + retention, () -> purge(retention),
                deleted -> deleted + " finished steps deleted");
    }

    private ManualResolution resolve(Operator operator, String derivedKey, StepState state, StoredOutcome outcome) {
        StepKey.requireDerivedKey(derivedKey);
        String operation = "resolve-step";
        return audited(operation, operator, "derivedKey=" + derivedKey + " as=" + state(state), () -> inTransaction(
                () -> {
                    if (steps.resolve(transactions.executor(), derivedKey, state, outcome, clock.millis())) {
                        return ManualResolution.RESOLVED;
                    }
                    return steps.find(transactions.executor(), derivedKey).isPresent()
                            ? ManualResolution.NOT_INDETERMINATE : ManualResolution.NOT_FOUND;
                }), done -> done.name().toLowerCase(Locale.ROOT).replace('_', '-'));
    }

    private int purge(Duration retention) {
        long before = clock.millis() - retention.toMillis();
        return new BatchedDelete(transactions, PURGE_BATCH, PURGE_BATCHES)
                .run(sql -> steps.purgeFinished(sql, before, PURGE_BATCH), StepStoreBusyException.class);
    }

    private Map<StepState, Long> counts() {
        return inTransaction(() -> steps.count(transactions.executor()));
    }

    private <T> T inTransaction(Supplier<T> work) {
        return transactions.inNewTransaction(work, result -> true);
    }

    private static <T> T audited(String operation, Operator operator, String subject, Supplier<T> work,
                                 Function<T, String> result) {
        return AuditLine.audited(operation, operator, subject, work, result,
                e -> e instanceof StepStoreBusyException ? "busy" : AuditLine.failed(e));
    }

    private static String state(StepState state) {
        return state.name().toLowerCase(Locale.ROOT);
    }
}
