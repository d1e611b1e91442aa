package io.idempo.runtime;

import io.idempo.plan.Fingerprint;
import io.idempo.plan.MethodPlan;
import io.idempo.runtime.record.NewRecord;
import io.idempo.runtime.record.RecordBusyException;
import io.idempo.runtime.record.RecordClaim;
import io.idempo.runtime.record.RecordStatus;
import io.idempo.runtime.record.RecordStore;
import io.idempo.runtime.record.StoredRecord;
import io.idempo.runtime.spi.ClaimResult;
import io.idempo.runtime.spi.ClaimStore;
import io.idempo.runtime.spi.CompletedCall;
import io.idempo.runtime.spi.ResponseCodec;
import io.idempo.runtime.spi.SqlExecutor;
import io.idempo.runtime.spi.StoredOutcome;
import io.idempo.runtime.spi.TransactionSupport;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs idempotent calls through the four layers; plain Java, no AspectJ types. The aspect hands every
 * {@code @Idempotent} call to {@link #execute(Invocation)}; code that does not weave calls it directly.
 *
 * <ol>
 *   <li>The key: from the template, the {@code @IdempotencyKey} parameter or the request context; validated; scoped
 *       by action and principal or tenant.</li>
 *   <li>The claim store, one round trip: a completed duplicate is answered from it with no SQL; a concurrent one is
 *       told "in progress"; when it is down the database decides alone.</li>
 *   <li>The record, inserted as the first statement of the caller's transaction without ever raising a unique
 *       violation; when another transaction holds the key, its committed record is read with a locking read and
 *       replayed (or refused as a reused key).</li>
 *   <li>The method runs; its encoded result completes the record in the same transaction. After commit the
 *       outcome is published to the claim store; after rollback the claim is released.</li>
 * </ol>
 */
public final class IdempotencyEngine {

    private static final Duration RETRY_AFTER = Duration.ofSeconds(1);
    private static final Duration WAIT_POLL = Duration.ofMillis(25);
    /** A client may ask to wait for an in-flight first call, but never hold a request thread longer than this. */
    static final Duration MAX_REQUESTED_WAIT = Duration.ofSeconds(30);

    private final ClaimStore claims;
    private final RecordStore records;
    private final TransactionSupport transactions;
    private final ResponseCodec codec;
    private final KeyPolicy keyPolicy;
    private final Duration defaultTtl;
    private final Duration defaultLease;
    private final Duration waitForResult;
    private final NoTransactionPolicy noTransactionPolicy;
    private final Clock clock;

    IdempotencyEngine(IdempotencyEngineBuilder builder) {
        this.claims = builder.claims;
        this.records = builder.records;
        this.transactions = builder.transactions;
        this.codec = builder.codec;
        this.keyPolicy = builder.keyPolicy;
        this.defaultTtl = builder.defaultTtl;
        this.defaultLease = builder.defaultLease;
        this.waitForResult = builder.waitForResult;
        this.noTransactionPolicy = builder.noTransactionPolicy;
        this.clock = builder.clock;
    }

    public static IdempotencyEngineBuilder builder() {
        return new IdempotencyEngineBuilder();
    }

    /** Runs the call once per key: the first time for real, afterwards as a replay of the first outcome. */
    public Object execute(Invocation invocation) throws Throwable {
        Call call = new Call(invocation, recordKey(invocation), UUID.randomUUID().toString());
        ClaimResult fast = claims.claim(call.hash, call.token, call.fingerprint.digest(), call.lease);
        if (fast instanceof ClaimResult.Done done) {
            return replay(call, done.call(), "claim-store");
        }
        if (fast instanceof ClaimResult.Held held) {
            return awaitFirst(call, held);
        }
        boolean claimedFast = fast instanceof ClaimResult.Claimed;
        if (transactions.isActive()) {
            return runInTransaction(call, claimedFast).unwrap();
        }
        if (noTransactionPolicy == NoTransactionPolicy.REFUSE) {
            release(call, claimedFast);
            throw new NoTransactionException(call.key.action(), call.key.clientKey());
        }
        return transactions.inNewTransaction(() -> runInTransaction(call, claimedFast), Outcome::commit).unwrap();
    }

    /** The record layer and the method, inside the active transaction. */
    private Outcome runInTransaction(Call call, boolean claimedFast) {
        SqlExecutor sql = transactions.executor();
        RecordClaim claim;
        try {
            claim = records.claim(sql, call.newRecord());
        } catch (RecordBusyException e) {
            release(call, claimedFast);
            OutcomeLog.log(call.key, OutcomeLog.Outcome.BUSY, "database");
            return Outcome.thrown(inProgress(call, "the database is settling a concurrent call with this key", e),
                    false);
        }
        if (claim instanceof RecordClaim.Existing existing) {
            return answerExisting(call, existing.record(), claimedFast);
        }
        AtomicReference<CompletedCall> completed = new AtomicReference<>();
        // A call whose claim found the store unavailable does not call it again: no request pays the store's
        // timeout twice, and later duplicates heal the store from the record (answerExisting).
        if (claimedFast) {
            transactions.afterCompletion(committed -> {
                if (committed && completed.get() != null) {
                    claims.complete(call.hash, completed.get(), call.ttl);
                } else {
                    claims.release(call.hash, call.token);
                }
            });
        }
        Object value;
        try {
            value = call.invocation.body().proceed();
        } catch (Throwable thrown) {
            return failed(call, sql, thrown, completed);
        }
        StoredOutcome outcome = call.plan().noResult() ? new StoredOutcome(StoredOutcome.Kind.NONE, "")
                : new StoredOutcome(StoredOutcome.Kind.RESULT, codec.encode(value, call.invocation.resultType()));
        records.complete(sql, call.hash, RecordStatus.COMPLETED, outcome.text());
        completed.set(call.completedCall(outcome));
        OutcomeLog.log(call.key, OutcomeLog.Outcome.FIRST, "database");
        return Outcome.returned(value);
    }

    /** A stored exception completes the record; any other leaves nothing behind so that a retry runs again. */
    private Outcome failed(Call call, SqlExecutor sql, Throwable thrown, AtomicReference<CompletedCall> completed) {
        if (call.plan().storesException(thrown)) {
            StoredOutcome outcome = new StoredOutcome(StoredOutcome.Kind.EXCEPTION,
                    thrown.getClass().getName() + "\n" + Optional.ofNullable(thrown.getMessage()).orElse(""));
            records.complete(sql, call.hash, RecordStatus.FAILED, outcome.text());
            completed.set(call.completedCall(outcome));
            OutcomeLog.log(call.key, OutcomeLog.Outcome.STORED_FAILURE, "database");
            transactions.commitDespite(thrown);
            return Outcome.thrown(thrown, true);
        }
        try {
            records.delete(sql, call.hash);
        } catch (RuntimeException e) {
            thrown.addSuppressed(e); // the transaction rolls back anyway, taking the record with it
        }
        OutcomeLog.log(call.key, OutcomeLog.Outcome.FAILED, "database");
        return Outcome.thrown(thrown, false);
    }

    /** Another transaction committed a record for this key (read with a locking read). */
    private Outcome answerExisting(Call call, StoredRecord existing, boolean claimedFast) {
        if (!existing.fingerprint().equals(call.fingerprint.digest())) {
            release(call, claimedFast);
            return Outcome.thrown(keyReused(call, existing.fieldDigests()), false);
        }
        if (existing.status() == RecordStatus.IN_PROGRESS) {
            release(call, claimedFast);
            OutcomeLog.log(call.key, OutcomeLog.Outcome.IN_PROGRESS, "database");
            return Outcome.thrown(inProgress(call, "a call with this key is still running", null), false);
        }
        CompletedCall completed = StoredResponses.toCompletedCall(existing);
        // Heals a claim store that lost the outcome (restart, flush): later duplicates are answered there again.
        Duration remaining = Duration.between(clock.instant(), existing.expiresAt());
        if (claimedFast) {
            transactions.afterCompletion(committed -> {
                if (remaining.compareTo(Duration.ZERO) > 0) {
                    claims.complete(call.hash, completed, remaining);
                }
            });
        }
        try {
            return Outcome.returned(replay(call, completed, "database"));
        } catch (Throwable replayed) {
            transactions.commitDespite(replayed); // the caller's other work stands, as on the first call
            return Outcome.thrown(replayed, true);
        }
    }

    private Object awaitFirst(Call call, ClaimResult.Held held) throws Throwable {
        if (held.fingerprint() != null && !held.fingerprint().equals(call.fingerprint.digest())) {
            throw keyReused(call, Map.of());
        }
        Instant deadline = clock.instant().plus(waitFor());
        while (clock.instant().isBefore(deadline)) {
            Thread.sleep(WAIT_POLL.toMillis());
            Optional<CompletedCall> completed = claims.completed(call.hash);
            if (completed.isPresent()) {
                return replay(call, completed.get(), "claim-store-after-wait");
            }
        }
        OutcomeLog.log(call.key, OutcomeLog.Outcome.IN_PROGRESS, "claim-store");
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
    private Object replay(Call call, CompletedCall completed, String source) throws Throwable {
        if (!completed.fingerprint().equals(call.fingerprint.digest())) {
            throw keyReused(call, StoredResponses.parseFieldDigests(completed.fieldDigests()));
        }
        OutcomeLog.log(call.key, OutcomeLog.Outcome.REPLAY, source);
        IdempotencyContext.markReplayed();
        StoredOutcome outcome = completed.outcome();
        return switch (outcome.kind()) {
            case NONE -> null;
            case RESULT -> codec.decode(outcome.payload(), call.invocation.resultType());
            case EXCEPTION -> throw StoredResponses.rebuildException(outcome.payload(),
                    call.plan().storedExceptions());
        };
    }

    private IdempotencyKeyReusedException keyReused(Call call, Map<String, String> firstDigests) {
        OutcomeLog.log(call.key, OutcomeLog.Outcome.KEY_REUSED, "fingerprint");
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

    private void release(Call call, boolean claimedFast) {
        if (claimedFast) {
            if (transactions.isActive()) {
                transactions.afterCompletion(committed -> claims.release(call.hash, call.token));
            } else {
                claims.release(call.hash, call.token);
            }
        }
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
        final String hash;
        final String token;
        final Fingerprint fingerprint;
        final Duration ttl;
        final Duration lease;

        Call(Invocation invocation, RecordKey key, String token) {
            this.invocation = invocation;
            this.key = key;
            this.hash = key.hash();
            this.token = token;
            this.fingerprint = invocation.plan().fingerprint(invocation.arguments());
            this.ttl = invocation.plan().ttl().orElse(defaultTtl);
            this.lease = invocation.plan().lease().orElse(defaultLease);
        }

        MethodPlan plan() {
            return invocation.plan();
        }

        NewRecord newRecord() {
            return new NewRecord(hash, key.action(), key.scope(), key.clientKey(), fingerprint.digest(),
                    plan().fingerprintVersion(), fingerprint.fieldDigests(), lease, ttl);
        }

        CompletedCall completedCall(StoredOutcome outcome) {
            return new CompletedCall(fingerprint.digest(), StoredResponses.formatFieldDigests(fingerprint.fieldDigests()),
                    outcome);
        }
    }
}
