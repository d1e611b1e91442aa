package io.idempo.runtime.step;

import io.idempo.runtime.internal.StoredExceptions;
import io.idempo.runtime.spi.SqlExecutor;
import io.idempo.runtime.spi.StepOutcome;
import io.idempo.runtime.spi.StoredOutcome;
import java.lang.reflect.UndeclaredThrowableException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * One run of one external step, top down: {@link #run} starts it in a short transaction ({@link #start}), calls the
 * provider with no transaction ({@link #attempt}), and writes the answer in another short transaction. Every write
 * after the start names this run's lease token, so a run whose lease ran out changes nothing and answers from what
 * the table says instead ({@link #afterLostLease}).
 */
final class StepRun<T> {

    /** When a run meets another transaction on the step's row, it asks to be retried this much later. */
    private static final Duration CONTENTION_RETRY = Duration.ofSeconds(1);
    /** A write after the call meets a deadlock or lock timeout this often before its failure is reported. */
    private static final int WRITE_ATTEMPTS = 3;

    /** Who decided a run's outcome, for the outcome line. */
    private enum Source {
        DATABASE("database"), PROVIDER("provider"), RESOLVER("resolver");

        private final String label;

        Source(String label) {
            this.label = label;
        }
    }

    /** What the first transaction found: an attempt to make, or an answer without calling. */
    private sealed interface Start {
        /** This run holds the step and makes attempt {@code number}; the first attempt began at {@code first}. */
        record Attempt(int number, Instant first) implements Start {
        }

        /** The step is SUCCEEDED, FAILED, INDETERMINATE, held by another attempt or backing off: answer from it. */
        record Found(StoredStep row) implements Start {
        }

        /** This run made the step INDETERMINATE without calling. */
        record GaveUp(StoredStep row, String why) implements Start {
        }

        /** Another transaction changed the row meanwhile. */
        record Contended(String why, Throwable cause) implements Start {
        }
    }

    private final ExternalSteps steps;
    private final StepDefinition<T> step;
    private final StepKey key;
    private final String derivedKey;
    private final StepCall<T> call;
    private final StepPolicy policy;
    private final String token = UUID.randomUUID().toString();
    private final long startedNanos = System.nanoTime();

    StepRun(ExternalSteps steps, StepDefinition<T> step, StepKey key, StepCall<T> call) {
        this.steps = steps;
        this.step = step;
        this.key = key;
        this.derivedKey = key.derivedKey();
        this.call = call;
        this.policy = step.policy(steps.defaults);
    }

    T run() throws Exception {
        if (steps.transactions.isActive()) {
            throw new StepInTransactionException("External step " + key + " was run inside a transaction: a step"
                    + " writes its state in transactions of its own and calls the provider between them, never while"
                    + " a transaction holds a connection and row locks. Run it after the business transaction"
                    + " commits (from the worker of an outbox event, or a method without a transaction).");
        }
        Start start;
        try {
            start = inTransaction(this::start);
        } catch (StepStoreBusyException e) {
            start = new Start.Contended("another transaction held its row", e);
        }
        if (start instanceof Start.Attempt attempt) {
            return attempt(attempt);
        }
        if (start instanceof Start.GaveUp gaveUp) {
            ended(StepOutcome.INDETERMINATE, Source.DATABASE);
            throw new StepIndeterminateException(key, derivedKey, "External step " + key + " (key " + derivedKey
                    + ") is now INDETERMINATE, without calling: " + gaveUp.why() + ". Find out at the provider"
                    + " whether it was done, then resolve the step by hand.", null);
        }
        if (start instanceof Start.Contended contended) {
            throw busy(steps.clock.instant().plus(CONTENTION_RETRY), contended.why(), contended.cause());
        }
        return answer(((Start.Found) start).row());
    }

    /** The first transaction: the step's row, inserted as a first attempt or read, and the lease if it is free. */
    private Start start(SqlExecutor sql) {
        long now = steps.clock.millis();
        long leaseUntil = now + policy.lease().toMillis();
        if (steps.store.start(sql, key, token, leaseUntil, now)) {
            return new Start.Attempt(1, Instant.ofEpochMilli(now));
        }
        Optional<StoredStep> found = steps.store.find(sql, derivedKey);
        if (found.isEmpty()) {
            return new Start.Contended("its row was deleted while this run started it", null);
        }
        StoredStep row = found.get();
        Instant at = Instant.ofEpochMilli(now);
        if (row.state() != StepState.STARTED || row.isLeasedAt(at) || row.notBefore().isAfter(at)) {
            return new Start.Found(row);
        }
        Optional<String> giveUp = reasonToGiveUp(row.attempts(), row.createdAt(), at);
        if (giveUp.isPresent()) {
            String why = giveUp.get() + lastErrorOf(row);
            return steps.store.giveUp(sql, row, why, now) ? new Start.GaveUp(row, why)
                    : new Start.Contended("another worker changed it meanwhile", null);
        }
        return steps.store.takeLease(sql, row, token, leaseUntil, now)
                ? new Start.Attempt(row.attempts() + 1, row.createdAt())
                : new Start.Contended("another worker took it meanwhile", null);
    }

    /**
     * Why a step that made {@code attempts} attempts, the first at {@code first}, must not be called again at
     * {@code at}; empty when it may.
     */
    private Optional<String> reasonToGiveUp(int attempts, Instant first, Instant at) {
        if (attempts >= policy.maxAttempts()) {
            return Optional.of("its budget of " + policy.maxAttempts() + " attempts is spent");
        }
        if (!at.isBefore(first.plus(policy.retryWindow()))) {
            return Optional.of("its retry window of " + policy.retryWindow() + " since the first attempt has passed");
        }
        if (!step.providerHonoursKeys() && step.resolver() == null) {
            return Optional.of("attempt " + attempts + " ended with an unknown outcome, and the provider does not"
                    + " honour idempotency keys and no resolver can tell whether it was done");
        }
        return Optional.empty();
    }

    /** The call, with no transaction; a resolver first when the provider ignores keys and an attempt came before. */
    private T attempt(Start.Attempt attempt) throws Exception {
        if (attempt.number() > 1 && !step.providerHonoursKeys()) {
            StepResolution<T> answer;
            try {
                answer = ExternalSteps.withCurrentKey(derivedKey, () -> step.resolver().resolve(derivedKey));
            } catch (Exception e) {
                return failedForNow(attempt, "the resolver failed: " + describe(e), e);
            }
            if (answer instanceof StepResolution.Done<T> done) {
                return succeeded(done.result(), StepOutcome.RESOLVED, Source.RESOLVER);
            }
            if (answer instanceof StepResolution.Unknown<T> unknown) {
                return failedForNow(attempt, "the resolver could not tell whether it was done: " + unknown.why(),
                        null);
            }
        }
        T result;
        try {
            result = ExternalSteps.withCurrentKey(derivedKey, () -> call.call(derivedKey));
        } catch (Exception e) {
            if (step.isPermanent(e)) {
                return failedForGood(e);
            }
            return failedForNow(attempt, describe(e), e);
        }
        return succeeded(result, StepOutcome.FIRST, Source.PROVIDER);
    }

    private T succeeded(T result, StepOutcome outcome, Source source) throws Exception {
        StoredOutcome stored;
        try {
            stored = step.noResult() ? new StoredOutcome(StoredOutcome.Kind.NONE, "")
                    : new StoredOutcome(StoredOutcome.Kind.RESULT, steps.codec.encode(result, step.resultType()));
        } catch (RuntimeException e) {
            String why = "the provider answered, but its result could not be encoded (" + describe(e) + ")";
            if (!write(sql -> steps.store.abandon(sql, derivedKey, token, why, steps.clock.millis()))) {
                return afterLostLease();
            }
            ended(StepOutcome.INDETERMINATE, source);
            throw new StepIndeterminateException(key, derivedKey, "External step " + key + " (key " + derivedKey
                    + ") is now INDETERMINATE: " + why + ". Fix the result type, then resolve the step by hand.", e);
        }
        if (!write(sql -> steps.store.finish(sql, derivedKey, token, StepState.SUCCEEDED, stored,
                steps.clock.millis()))) {
            return afterLostLease();
        }
        ended(outcome, source);
        return result;
    }

    /** A permanent failure: stored as FAILED and thrown. */
    private T failedForGood(Exception failure) throws Exception {
        StoredOutcome stored = new StoredOutcome(StoredOutcome.Kind.EXCEPTION, StoredExceptions.encode(failure));
        if (!write(sql -> steps.store.finish(sql, derivedKey, token, StepState.FAILED, stored,
                steps.clock.millis()))) {
            return afterLostLease();
        }
        ended(StepOutcome.FAILED, Source.PROVIDER);
        throw failure;
    }

    /** An unknown outcome: retried after the backoff, or INDETERMINATE when the step may not be called again. */
    private T failedForNow(Start.Attempt attempt, String error, Exception cause) throws Exception {
        Instant now = steps.clock.instant();
        Instant retryAt = now.plus(policy.delayAfter(attempt.number()));
        Optional<String> giveUp = reasonToGiveUp(attempt.number(), attempt.first(), retryAt);
        if (giveUp.isPresent()) {
            String why = giveUp.get() + "; last error: " + error;
            if (!write(sql -> steps.store.abandon(sql, derivedKey, token, why, now.toEpochMilli()))) {
                return afterLostLease();
            }
            ended(StepOutcome.INDETERMINATE, Source.PROVIDER);
            throw new StepIndeterminateException(key, derivedKey, "External step " + key + " (key " + derivedKey
                    + ") is now INDETERMINATE: " + why + ". It is never called again by itself: find out at the"
                    + " provider whether it was done, then resolve the step by hand.", cause);
        }
        if (!write(sql -> steps.store.retryLater(sql, derivedKey, token, retryAt.toEpochMilli(), error,
                now.toEpochMilli()))) {
            return afterLostLease();
        }
        ended(StepOutcome.RETRY, Source.PROVIDER);
        throw new StepRetryLaterException(key, derivedKey, retryAt, attempt.number(), "External step " + key
                + " (key " + derivedKey + ") failed in attempt " + attempt.number() + " of " + policy.maxAttempts()
                + " (" + error + "); it is retried with the same key from " + retryAt, cause);
    }

    /**
     * This run's lease ran out and another attempt took the step: its answer is not written, and the run answers with
     * what the table says now (the other attempt calls with the same key, so the provider gives it the same answer).
     */
    private T afterLostLease() throws Exception {
        Optional<StoredStep> row = inTransaction(sql -> steps.store.find(sql, derivedKey));
        if (row.isEmpty()) {
            throw busy(steps.clock.instant().plus(CONTENTION_RETRY), "its row was deleted after this run's call",
                    null);
        }
        return answer(row.get());
    }

    /** The answer of a step this run does not call: its stored outcome, or why it must wait. */
    private T answer(StoredStep row) throws Exception {
        Instant now = steps.clock.instant();
        switch (row.state()) {
            case SUCCEEDED -> {
                ended(StepOutcome.REPLAYED, Source.DATABASE);
                StoredOutcome stored = row.storedOutcome().orElseThrow();
                @SuppressWarnings("unchecked")
                T result = step.noResult() || stored.kind() != StoredOutcome.Kind.RESULT ? null
                        : (T) steps.codec.decode(stored.payload(), step.resultType());
                return result;
            }
            case FAILED -> {
                ended(StepOutcome.REPLAYED, Source.DATABASE);
                throw rethrowable(rebuild(row.storedOutcome().orElseThrow().payload()));
            }
            case INDETERMINATE -> {
                ended(StepOutcome.INDETERMINATE, Source.DATABASE);
                throw new StepIndeterminateException(key, derivedKey, "External step " + key + " (key " + derivedKey
                        + ") is INDETERMINATE after " + row.attempts() + " attempts (" + row.lastError() + "): it is"
                        + " never called again by itself; an operator resolves it.", null);
            }
            default -> {
                if (row.isLeasedAt(now)) {
                    throw busy(row.leaseUntil(), "another attempt holds it", null);
                }
                ended(StepOutcome.BACKING_OFF, Source.DATABASE);
                Instant retryAt = row.notBefore().isAfter(now) ? row.notBefore() : now.plus(CONTENTION_RETRY);
                throw new StepRetryLaterException(key, derivedKey, retryAt, row.attempts(), "External step " + key
                        + " (key " + derivedKey + ") waits for its retry after attempt " + row.attempts() + " ("
                        + row.lastError() + "); not called now, run it again from " + retryAt, null);
            }
        }
    }

    /** A stored permanent failure, or the operator's: only the step's own types are rebuilt. */
    private Throwable rebuild(String payload) {
        if (StoredExceptions.typeName(payload).equals(StepFailedException.class.getName())) {
            return new StepFailedException(key, derivedKey, StoredExceptions.message(payload));
        }
        return StoredExceptions.rebuild(payload, step.permanentFailures(), "permanentFailures",
                "delete the step's row to run it again");
    }

    private StepBusyException busy(Instant retryAt, String why, Throwable cause) {
        ended(StepOutcome.BUSY, Source.DATABASE);
        return new StepBusyException(key, derivedKey, retryAt, "External step " + key + " (key " + derivedKey
                + ") was not called: " + why + "; run it again from " + retryAt, cause);
    }

    /** A write after the call, in a transaction of its own, retried when it meets another transaction's locks. */
    private boolean write(Function<SqlExecutor, Boolean> statement) {
        for (int attempt = 1; ; attempt++) {
            try {
                return inTransaction(statement);
            } catch (StepStoreBusyException e) {
                if (attempt == WRITE_ATTEMPTS) {
                    throw e;
                }
            }
        }
    }

    private <R> R inTransaction(Function<SqlExecutor, R> work) {
        return steps.transactions.inNewTransaction(() -> work.apply(steps.transactions.executor()), done -> true);
    }

    private void ended(StepOutcome outcome, Source source) {
        steps.outcomeLog.logStep(key.stepName(), key.owner().text(), derivedKey, outcome, source.label);
        steps.metrics.stepEnded(key.stepName(), outcome, System.nanoTime() - startedNanos);
    }

    private static String lastErrorOf(StoredStep row) {
        return row.lastError() == null ? "" : "; last error: " + row.lastError();
    }

    private static String describe(Throwable failure) {
        return failure.getMessage() == null ? failure.getClass().getName()
                : failure.getClass().getName() + ": " + failure.getMessage();
    }

    /** An exception to throw from a method that declares {@code Exception}: any Throwable but a bare one. */
    static Exception rethrowable(Throwable thrown) {
        if (thrown instanceof Exception exception) {
            return exception;
        }
        if (thrown instanceof Error error) {
            throw error;
        }
        return new UndeclaredThrowableException(thrown);
    }
}
