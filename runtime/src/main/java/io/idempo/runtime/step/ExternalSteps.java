package io.idempo.runtime.step;

import io.idempo.runtime.Idempotency;
import io.idempo.runtime.OutcomeLog;
import io.idempo.runtime.spi.IdempotencyMetrics;
import io.idempo.runtime.spi.ResponseCodec;
import io.idempo.runtime.spi.TraceIds;
import io.idempo.runtime.spi.TransactionSupport;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs external steps: calls that no database transaction can roll back (a charge at a payment provider, a mail,
 * another team's API), each made once per owner and step name, however often it is run. The functional API; methods
 * annotated {@code @ExternalStep} run through the same protocol ({@link StepMethods}).
 *
 * <pre>{@code
 * Charge charge = steps.run(CHARGE, StepOwner.event(event.id()),
 *         key -> provider.charge(key, payment.orderId(), payment.amount()));
 * }</pre>
 *
 * <p>One run, outside any transaction (a run inside one is refused: {@link StepInTransactionException}):
 * <ol>
 *   <li>A short transaction of its own reads or starts the step's row ({@link StepStore}). A step that SUCCEEDED
 *       returns its stored result, one that FAILED rethrows its stored failure, one that is INDETERMINATE throws
 *       {@link StepIndeterminateException}: none of them calls. A step another worker holds, or whose backoff has not
 *       passed, throws a {@link StepPendingException} naming when to retry. A step whose budget or retry window is
 *       spent becomes INDETERMINATE. Otherwise the run takes the step's lease (a random token, until a time) and
 *       counts an attempt.</li>
 *   <li>No transaction and no connection is held while the provider is called, with the step's derived key. When an
 *       earlier attempt's outcome is unknown and the provider does not honour idempotency keys, the step's
 *       {@link StepResolver} is asked first whether the provider already did it.</li>
 *   <li>A second short transaction writes the answer, if the run still holds the lease: SUCCEEDED with the encoded
 *       result; FAILED with a permanent failure, which is rethrown; any other failure leaves the step STARTED with a
 *       backoff ({@link StepRetryLaterException}), or makes it INDETERMINATE once the budget is spent.</li>
 * </ol>
 * Each run writes one outcome line ({@code io.idempo.outcome}: the step's name as the action, its owner as the
 * scope, its derived key as the key) and reports its outcome to the metrics. See docs/external-calls.md for what is
 * guaranteed and what is not.
 */
public final class ExternalSteps {

    private static final AtomicReference<ExternalSteps> INSTALLED = new AtomicReference<>();
    private static final ThreadLocal<String> CURRENT_KEY = new ThreadLocal<>();

    final StepStore store;
    final TransactionSupport transactions;
    final ResponseCodec codec;
    final IdempotencyMetrics metrics;
    final StepPolicy defaults;
    final Clock clock;
    final OutcomeLog outcomeLog;

    private ExternalSteps(Builder builder) {
        this.store = builder.store;
        this.transactions = builder.transactions;
        this.codec = builder.codec;
        this.metrics = builder.metrics;
        this.defaults = builder.defaults;
        this.clock = builder.clock;
        this.outcomeLog = new OutcomeLog(builder.traceIds);
    }

    /**
     * @param store        the step table
     * @param transactions the transactions the step's writes run in, each a new one: the engine's
     *                     ({@code JdbcTransactions}, {@code JpaTransactions}, the container's JTA support)
     * @param codec        encodes results for the step table and decodes them for later runs: the engine's
     */
    public static Builder builder(StepStore store, TransactionSupport transactions, ResponseCodec codec) {
        return new Builder(store, transactions, codec);
    }

    /**
     * Runs {@code call} for the step {@code step} of {@code owner}, once: the first run calls with the step's derived
     * key, every later one returns the stored outcome, and a call whose outcome is unknown is retried with the same key
     * (see the class comment).
     *
     * @return the call's result, now or as stored
     * @throws StepPendingException        when the step is held or backing off, or this attempt failed and will be
     *                                     retried: run it again at {@code retryAt()}
     * @throws StepIndeterminateException  when the step is INDETERMINATE
     * @throws StepFailedException         when an operator resolved the step as failed
     * @throws StepInTransactionException  when a transaction is active on this thread
     * @throws StepStoreException          when the step table failed
     * @throws Exception                   one of the step's permanent failures, thrown now or rebuilt from the table
     */
    public <T> T run(StepDefinition<T> step, StepOwner owner, StepCall<T> call) throws Exception {
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(call, "call");
        return new StepRun<>(this, step, new StepKey(owner, step.name()), call).run();
    }

    public StepStore store() {
        return store;
    }

    /** The policy of steps that set none of their own. */
    public StepPolicy defaults() {
        return defaults;
    }

    /**
     * The derived key of the step whose call (or resolver) runs on this thread: what an {@code @ExternalStep} method
     * sends to the provider as its idempotency key.
     *
     * @throws IllegalStateException outside a step's call
     */
    public static String currentKey() {
        String key = CURRENT_KEY.get();
        if (key == null) {
            throw new IllegalStateException("No external step is calling on this thread: ExternalSteps.currentKey()"
                    + " is for the body of an @ExternalStep method (or a StepCall), while it runs");
        }
        return key;
    }

    /** As {@link #currentKey()}, empty outside a step's call. */
    public static Optional<String> currentKeyIfAny() {
        return Optional.ofNullable(CURRENT_KEY.get());
    }

    /** Runs {@code work} with {@code derivedKey} as the current key, and puts the previous one back on every path. */
    static <R> R withCurrentKey(String derivedKey, Callable<R> work) throws Exception {
        String previous = CURRENT_KEY.get();
        CURRENT_KEY.set(derivedKey);
        try {
            return work.call();
        } finally {
            if (previous == null) {
                CURRENT_KEY.remove();
            } else {
                CURRENT_KEY.set(previous);
            }
        }
    }

    /**
     * Makes {@code steps} the one {@code @ExternalStep} methods run through until the returned handle is closed
     * (plain Java at start; the Jakarta adapter with the application's lifecycle).
     *
     * @throws IllegalStateException when other steps are installed and their installation not closed
     */
    public static Idempotency.Installation install(ExternalSteps steps) {
        Objects.requireNonNull(steps, "steps");
        if (!INSTALLED.compareAndSet(null, steps) && INSTALLED.get() != steps) {
            throw new IllegalStateException("Other ExternalSteps are installed: close their Installation first");
        }
        return () -> INSTALLED.compareAndSet(steps, null);
    }

    /** The installed steps; running an {@code @ExternalStep} method before any are installed is refused. */
    public static ExternalSteps installed() {
        ExternalSteps current = INSTALLED.get();
        if (current == null) {
            throw new IllegalStateException("No ExternalSteps are installed: call ExternalSteps.install("
                    + "ExternalSteps.builder(...).build()) at start, or add idempo-jakarta-adapter in a container");
        }
        return current;
    }

    /** Configures {@link ExternalSteps}; the store, the transactions and the codec are required. */
    public static final class Builder {

        private final StepStore store;
        private final TransactionSupport transactions;
        private final ResponseCodec codec;
        private IdempotencyMetrics metrics = IdempotencyMetrics.NONE;
        private StepPolicy defaults = StepPolicy.DEFAULT;
        private Clock clock = Clock.systemUTC();
        private TraceIds traceIds = TraceIds.NONE;

        private Builder(StepStore store, TransactionSupport transactions, ResponseCodec codec) {
            this.store = Objects.requireNonNull(store, "store");
            this.transactions = Objects.requireNonNull(transactions, "transactions");
            this.codec = Objects.requireNonNull(codec, "codec");
        }

        /** Where each run's outcome is counted; none by default. */
        public Builder metrics(IdempotencyMetrics stepMetrics) {
            this.metrics = Objects.requireNonNull(stepMetrics, "metrics");
            return this;
        }

        /** The policy of steps that set none of their own; {@link StepPolicy#DEFAULT} by default. */
        public Builder defaults(StepPolicy policy) {
            this.defaults = Objects.requireNonNull(policy, "defaults");
            return this;
        }

        /**
         * The clock for leases, backoffs and the retry window. All workers sharing a step table need roughly
         * synchronised clocks: a lease is as exact as their agreement.
         */
        public Builder clock(Clock stepClock) {
            this.clock = Objects.requireNonNull(stepClock, "clock");
            return this;
        }

        /** Where each run's outcome line finds the current trace's id; none by default (the engine's). */
        public Builder traceIds(TraceIds traces) {
            this.traceIds = Objects.requireNonNull(traces, "traceIds");
            return this;
        }

        public ExternalSteps build() {
            return new ExternalSteps(this);
        }
    }
}
