package io.idempo.runtime;

import io.idempo.plan.Fingerprint;
import io.idempo.plan.MethodPlan;
import io.idempo.runtime.OutcomeLog.DecidedBy;
import io.idempo.runtime.claim.WriteBehindCompletions;
import io.idempo.runtime.internal.RunningCall;
import io.idempo.runtime.internal.StoredExceptions;
import io.idempo.runtime.record.NewRecord;
import io.idempo.runtime.record.RecordBusyException;
import io.idempo.runtime.record.RecordClaim;
import io.idempo.runtime.record.RecordStatus;
import io.idempo.runtime.record.RecordStore;
import io.idempo.runtime.record.RecordStoreException;
import io.idempo.runtime.record.StoredRecord;
import io.idempo.runtime.spi.CallOutcome;
import io.idempo.runtime.spi.ClaimResult;
import io.idempo.runtime.spi.ClaimStore;
import io.idempo.runtime.spi.CompletedCall;
import io.idempo.runtime.spi.IdempotencyMetrics;
import io.idempo.runtime.spi.ResponseCodec;
import io.idempo.runtime.spi.SqlExecutor;
import io.idempo.runtime.spi.StoredOutcome;
import io.idempo.runtime.spi.TransactionSupport;
import java.lang.reflect.UndeclaredThrowableException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs idempotent calls through the four layers; plain Java, no AspectJ types. The aspect hands every
 * {@code @Idempotent} call to {@link #execute(Invocation)}; code that does not weave uses
 * {@link IdempotentOperation}.
 *
 * <ol>
 *   <li>The key: from the template, the {@code @IdempotencyKey} parameter or the request context; validated; scoped
 *       by action and principal or tenant.</li>
 *   <li>The claim store, one round trip: a completed duplicate is answered from it with no SQL; a concurrent one is
 *       told "in progress"; when it is down the database decides alone. A claim taken is kept alive while the call
 *       runs and lapses soon after its caller is gone ({@link ClaimHeartbeat}).</li>
 *   <li>The record, inserted as the first statement of the transaction without ever raising a unique violation;
 *       when another transaction holds the key, its committed record is read with a locking read and replayed (or
 *       refused as a reused key). A call that arrives without a transaction gets one here, after the claim, so that
 *       a duplicate turned away by the store never takes a database connection.</li>
 *   <li>The method runs; its encoded result completes the record in the same transaction. After commit the
 *       outcome is published to the claim store; after rollback the claim is released.</li>
 * </ol>
 *
 * <p>Close the engine when the application stops: it stops renewing claims.
 */
public final class IdempotencyEngine implements AutoCloseable {

    private static final Duration RETRY_AFTER = Duration.ofSeconds(1);
    private static final Duration WAIT_POLL = Duration.ofMillis(25);
    /** A client may ask to wait for an in-flight first call, but never hold a request thread longer than this. */
    static final Duration MAX_REQUESTED_WAIT = Duration.ofSeconds(30);

    private final ClaimStore claims;
    private final ClaimHeartbeat heartbeat;
    private final RecordStore records;
    private final TransactionSupport transactions;
    private final ResponseCodec codec;
    private final KeyPolicy keyPolicy;
    private final Duration defaultTtl;
    private final Duration defaultLease;
    private final Duration waitForResult;
    private final NoTransactionPolicy noTransactionPolicy;
    private final IdempotencyMetrics metrics;
    private final OutcomeLog outcomeLog;
    private final Clock clock;

    IdempotencyEngine(IdempotencyEngineBuilder builder) {
        this.claims = builder.claims;
        this.heartbeat = new ClaimHeartbeat(builder.claims, builder.claimTimeout, builder.clock, builder.scheduler);
        this.records = builder.records;
        this.transactions = builder.transactions;
        this.codec = builder.codec;
        this.keyPolicy = builder.keyPolicy;
        this.defaultTtl = builder.defaultTtl;
        this.defaultLease = builder.defaultLease;
        this.waitForResult = builder.waitForResult;
        this.noTransactionPolicy = builder.noTransactionPolicy;
        this.metrics = builder.metrics;
        this.outcomeLog = new OutcomeLog(builder.traceIds);
        this.clock = builder.clock;
    }

    public static IdempotencyEngineBuilder builder() {
        return new IdempotencyEngineBuilder();
    }

    /** Runs the call once per key: the first time for real, afterwards as a replay of the first outcome. */
    public Object execute(Invocation invocation) throws Throwable {
        long started = System.nanoTime();
        Call call = new Call(invocation, recordKey(invocation), UUID.randomUUID().toString());
        try {
            return decide(call);
        } catch (RecordStoreException e) {
            metrics.recordStoreFailed();
            throw e;
        } finally {
            metrics.callEnded(call.key.action(), call.outcome, System.nanoTime() - started);
        }
    }

    /**
     * Runs {@code work} once per key as {@code operation}: the functional form of {@link #execute} for code that is
     * not woven (see {@link IdempotentOperation}).
     */
    public <T> T call(IdempotentOperation<T> operation, String key, Object fingerprintSource,
                      IdempotentOperation.Work<T> work) throws Exception {
        try {
            @SuppressWarnings("unchecked")
            T result = (T) execute(operation.invocation(key, fingerprintSource, work));
            return result;
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new UndeclaredThrowableException(e); // work declares Exception: only an odd Throwable subclass
        }
    }

    /**
     * Reports a duplicate that an entry point answered itself, from an answer it stored for the first call (the Jakarta
     * adapter's replay at the edge): one outcome line ({@code source=edge}) and one replay in the metrics, as if the
     * engine had replayed it.
     */
    public void replayedAtTheEdge(RecordKey key, long nanos) {
        outcomeLog.log(key, CallOutcome.REPLAYED, DecidedBy.EDGE);
        metrics.callEnded(key.action(), CallOutcome.REPLAYED, nanos);
    }

    /**
     * Stops renewing the claims of running calls (they lapse within the claim timeout) and writes the outcomes still
     * waiting to be published to the claim store.
     */
    @Override
    public void close() {
        heartbeat.close();
        if (claims instanceof WriteBehindCompletions writeBehind) {
            writeBehind.close();
        }
    }

    private Object decide(Call call) throws Throwable {
        ClaimResult found = claims.claim(call.keyHash, call.token, call.fingerprint.digest(), heartbeat.timeout());
        if (found instanceof ClaimResult.Done done) {
            return replay(call, done.call(), DecidedBy.CLAIM_STORE);
        }
        if (found instanceof ClaimResult.Held held) {
            return awaitFirst(call, held);
        }
        StoreClaim storeClaim = found instanceof ClaimResult.Claimed
                ? StoreClaim.taken(claims, call.keyHash, call.token, heartbeat.start(call.keyHash, call.token,
                        call.lease))
                : StoreClaim.NONE;
        try {
            return runInATransaction(call, storeClaim);
        } finally {
            storeClaim.stopRenewing();
        }
    }

    /** In the caller's transaction, or in one begun here (the {@link NoTransactionPolicy}). */
    private Object runInATransaction(Call call, StoreClaim storeClaim) throws Throwable {
        if (transactions.isActive()) {
            return runInTransaction(call, storeClaim).unwrap();
        }
        if (noTransactionPolicy == NoTransactionPolicy.REFUSE) {
            storeClaim.release(transactions);
            throw new NoTransactionException(call.key.action(), call.key.clientKey());
        }
        return transactions.inNewTransaction(() -> runInTransaction(call, storeClaim), TransactionOutcome::commit)
                .unwrap();
    }

    /** The record layer and the method, inside the active transaction. */
    private TransactionOutcome runInTransaction(Call call, StoreClaim storeClaim) {
        SqlExecutor sql = transactions.executor();
        RecordClaim claim;
        try {
            claim = records.claim(sql, call.newRecord());
        } catch (RecordBusyException e) {
            storeClaim.release(transactions);
            call.ended(CallOutcome.BUSY, DecidedBy.DATABASE);
            return TransactionOutcome.rollbackWith(
                    inProgress(call, "the database is settling a concurrent call with this key", e));
        }
        if (claim instanceof RecordClaim.Existing existing) {
            return answerExisting(call, existing.record(), storeClaim);
        }
        AtomicReference<CompletedCall> completed = new AtomicReference<>();
        storeClaim.settleWhenDone(transactions, completed::get, call.ttl);
        Object value;
        try (RunningCall.Scope ignored = RunningCall.enter(call.key.action(), call.keyHash)) {
            value = call.invocation.body().proceed();
        } catch (Throwable thrown) {
            return failed(call, sql, thrown, completed);
        }
        StoredOutcome outcome = call.plan().noResult() ? new StoredOutcome(StoredOutcome.Kind.NONE, "")
                : new StoredOutcome(StoredOutcome.Kind.RESULT, codec.encode(value, call.invocation.resultType()));
        records.complete(sql, call.keyHash, RecordStatus.COMPLETED, outcome.text());
        completed.set(call.completedCall(outcome));
        call.ended(CallOutcome.FIRST, DecidedBy.DATABASE);
        if (IdempotencyContext.isOpen()) {
            CompletableFuture<Boolean> committed = new CompletableFuture<>();
            transactions.afterCompletion(committed::complete);
            IdempotencyContext.decided(new IdempotencyContext.Decision(call.key, CallOutcome.FIRST, call.ttl,
                    committed));
        }
        return TransactionOutcome.returned(value);
    }

    /** A stored exception completes the record; any other leaves nothing behind so that a retry runs again. */
    private TransactionOutcome failed(Call call, SqlExecutor sql, Throwable thrown,
                                      AtomicReference<CompletedCall> completed) {
        if (call.plan().storesException(thrown)) {
            StoredOutcome outcome = new StoredOutcome(StoredOutcome.Kind.EXCEPTION, StoredExceptions.encode(thrown));
            records.complete(sql, call.keyHash, RecordStatus.FAILED, outcome.text());
            completed.set(call.completedCall(outcome));
            call.ended(CallOutcome.STORED_FAILURE, DecidedBy.DATABASE);
            transactions.commitDespite(thrown);
            return TransactionOutcome.commitWith(thrown);
        }
        try {
            records.delete(sql, call.keyHash);
        } catch (RuntimeException e) {
            thrown.addSuppressed(e); // the transaction rolls back anyway, taking the record with it
        }
        call.ended(CallOutcome.FAILED, DecidedBy.DATABASE);
        return TransactionOutcome.rollbackWith(thrown);
    }

    /** Another transaction committed a record for this key (read with a locking read). */
    private TransactionOutcome answerExisting(Call call, StoredRecord existing, StoreClaim storeClaim) {
        if (!existing.fingerprint().equals(call.fingerprint.digest())) {
            storeClaim.release(transactions);
            return TransactionOutcome.rollbackWith(keyReused(call, existing.fieldDigests()));
        }
        if (existing.status() == RecordStatus.IN_PROGRESS) {
            storeClaim.release(transactions);
            call.ended(CallOutcome.IN_PROGRESS, DecidedBy.DATABASE);
            return TransactionOutcome.rollbackWith(inProgress(call, "a call with this key is still running", null));
        }
        CompletedCall completed = StoredResponses.toCompletedCall(existing);
        // Heals a claim store that lost the outcome (restart, flush): later duplicates are answered there again.
        storeClaim.replaceWhenDone(transactions, completed, Duration.between(clock.instant(), existing.expiresAt()));
        try {
            return TransactionOutcome.returned(replay(call, completed, DecidedBy.DATABASE));
        } catch (Throwable replayed) {
            transactions.commitDespite(replayed); // the caller's other work stands, as on the first call
            return TransactionOutcome.commitWith(replayed);
        }
    }

    private Object awaitFirst(Call call, ClaimResult.Held held) throws Throwable {
        if (held.fingerprint() != null && !held.fingerprint().equals(call.fingerprint.digest())) {
            throw keyReused(call, Map.of());
        }
        Instant deadline = clock.instant().plus(waitFor());
        while (clock.instant().isBefore(deadline)) {
            Thread.sleep(WAIT_POLL.toMillis());
            Optional<CompletedCall> completed = claims.completed(call.keyHash);
            if (completed.isPresent()) {
                return replay(call, completed.get(), DecidedBy.CLAIM_STORE_AFTER_WAIT);
            }
        }
        call.ended(CallOutcome.IN_PROGRESS, DecidedBy.CLAIM_STORE);
        throw inProgress(call, "a call with this key is still running", null);
    }

    /** The configured wait, or what the client asked for ({@code Prefer: wait}) up to {@link #MAX_REQUESTED_WAIT}. */
    private Duration waitFor() {
        return IdempotencyContext.requestedWait()
                .map(requested -> requested.compareTo(MAX_REQUESTED_WAIT) > 0 ? MAX_REQUESTED_WAIT : requested)
                .filter(requested -> requested.compareTo(waitForResult) > 0)
                .orElse(waitForResult);
    }

    /** Returns the first call's result (or rethrows its stored exception), after checking the fingerprint. */
    private Object replay(Call call, CompletedCall completed, DecidedBy source) throws Throwable {
        if (!completed.fingerprint().equals(call.fingerprint.digest())) {
            throw keyReused(call, completed.fieldDigests());
        }
        call.ended(CallOutcome.REPLAYED, source);
        IdempotencyContext.markReplayed();
        IdempotencyContext.decided(new IdempotencyContext.Decision(call.key, CallOutcome.REPLAYED, call.ttl,
                CompletableFuture.completedFuture(true)));
        StoredOutcome outcome = completed.outcome();
        return switch (outcome.kind()) {
            case NONE -> null;
            case RESULT -> codec.decode(outcome.payload(), call.invocation.resultType());
            case EXCEPTION -> throw StoredExceptions.rebuild(outcome.payload(), call.plan().storedExceptions(),
                    "storeExceptions", "let the record expire");
        };
    }

    private IdempotencyKeyReusedException keyReused(Call call, Map<String, String> firstDigests) {
        call.ended(CallOutcome.KEY_REUSED, DecidedBy.FINGERPRINT);
        List<String> differing = new ArrayList<>();
        call.fingerprint.fieldDigests().forEach((path, digest) -> {
            if (firstDigests.containsKey(path) && !firstDigests.get(path).equals(digest)) {
                differing.add(path);
            }
        });
        return new IdempotencyKeyReusedException(call.key.action(), call.key.clientKey(), differing);
    }

    private static IdempotencyInProgressException inProgress(Call call, String why, Throwable cause) {
        return new IdempotencyInProgressException(call.key.action(), call.key.clientKey(), RETRY_AFTER,
                "Idempotent action " + call.key.action() + ": " + why + "; retry the same request with the same key in "
                        + RETRY_AFTER.toSeconds() + " s", cause);
    }

    private RecordKey recordKey(Invocation invocation) {
        MethodPlan plan = invocation.plan();
        String action = plan.action();
        String key = KeySources.clientKey(plan, invocation.arguments());
        return new RecordKey(action, KeySources.scope(plan, invocation.arguments()), keyPolicy.validate(action, key));
    }

    /** The state of one call as it passes through the layers. */
    private final class Call {
        final Invocation invocation;
        final RecordKey key;
        final String keyHash;
        final String token;
        final Fingerprint fingerprint;
        final Duration ttl;
        final Duration lease;
        /** How the call ended; a call that ends with an error of the stores themselves counts as failed. */
        CallOutcome outcome = CallOutcome.FAILED;

        Call(Invocation invocation, RecordKey key, String token) {
            this.invocation = invocation;
            this.key = key;
            this.keyHash = key.hash();
            this.token = token;
            this.fingerprint = invocation.plan().fingerprint(invocation.arguments());
            this.ttl = invocation.plan().ttl().orElse(defaultTtl);
            this.lease = invocation.plan().lease().orElse(defaultLease);
        }

        MethodPlan plan() {
            return invocation.plan();
        }

        void ended(CallOutcome how, DecidedBy source) {
            outcome = how;
            outcomeLog.log(key, how, source);
        }

        NewRecord newRecord() {
            return new NewRecord(keyHash, key.action(), key.scope(), key.clientKey(), fingerprint.digest(),
                    plan().fingerprintVersion(), fingerprint.fieldDigests(), lease, ttl);
        }

        CompletedCall completedCall(StoredOutcome stored) {
            return new CompletedCall(fingerprint.digest(), fingerprint.fieldDigests(), stored);
        }
    }
}
