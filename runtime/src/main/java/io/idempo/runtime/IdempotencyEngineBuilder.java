package io.idempo.runtime;

import io.idempo.runtime.claim.FailOpenClaimStore;
import io.idempo.runtime.claim.InMemoryClaimStore;
import io.idempo.runtime.claim.WriteBehindCompletions;
import io.idempo.runtime.record.RecordStore;
import io.idempo.runtime.spi.ClaimStore;
import io.idempo.runtime.spi.ClaimStoreHealth;
import io.idempo.runtime.spi.IdempotencyMetrics;
import io.idempo.runtime.spi.ResponseCodec;
import io.idempo.runtime.spi.TraceIds;
import io.idempo.runtime.spi.TransactionSupport;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Configures an {@link IdempotencyEngine}. Required: a record store, a transaction model and a response codec.
 * Defaults: an in-JVM claim store, the default key policy, a 24-hour TTL (the payment providers' retry window), a
 * 30-second lease, claims that outlive a vanished caller by 1.5 seconds, no waiting for an in-flight first call, a
 * new transaction for calls that arrive without one, no metrics and no trace ids in the outcome line.
 */
public final class IdempotencyEngineBuilder {

    /** Payment providers retry callbacks for about a day (seed 000); shorter TTLs are set per action. */
    public static final Duration DEFAULT_TTL = Duration.ofHours(24);
    /** Longer than most methods run; the database record still fences a run that outlives it. */
    public static final Duration DEFAULT_LEASE = Duration.ofSeconds(30);
    /** Duplicates of a running call are told "in progress" at once unless they ask to wait. */
    public static final Duration DEFAULT_WAIT_FOR_RESULT = Duration.ZERO;
    public static final NoTransactionPolicy DEFAULT_NO_TRANSACTION_POLICY = NoTransactionPolicy.BEGIN;
    /**
     * How long a store claim outlives a caller that died or whose commit failed unseen: a retry runs after at most
     * this. Renewed every third of it while the call runs; short enough to heal in about a second, long enough to
     * ride out a slow Redis answer (its timeout is {@code RedisClients.TIMEOUT_MILLIS} in idempo-redis-jedis).
     */
    public static final Duration DEFAULT_CLAIM_TIMEOUT = Duration.ofMillis(1500);

    ClaimStore claims = new InMemoryClaimStore();
    RecordStore records;
    TransactionSupport transactions;
    ResponseCodec codec;
    KeyPolicy keyPolicy = KeyPolicy.DEFAULT;
    Duration defaultTtl = DEFAULT_TTL;
    Duration defaultLease = DEFAULT_LEASE;
    Duration waitForResult = DEFAULT_WAIT_FOR_RESULT;
    NoTransactionPolicy noTransactionPolicy = DEFAULT_NO_TRANSACTION_POLICY;
    Duration claimTimeout = DEFAULT_CLAIM_TIMEOUT;
    ScheduledExecutorService scheduler;
    IdempotencyMetrics metrics = IdempotencyMetrics.NONE;
    TraceIds traceIds = TraceIds.NONE;
    Clock clock = Clock.systemUTC();

    IdempotencyEngineBuilder() {
    }

    /**
     * The fast claim layer. A remote store (Redis) is wrapped here: in {@link FailOpenClaimStore}, so that its
     * failures degrade to the database instead of failing calls (pass an already wrapped store to tune it), and in
     * {@link WriteBehindCompletions}, so that outcomes are published off the caller's thread, on the
     * {@link #scheduler} if one is given (pass an already wrapped store to share it with other writers). The engine
     * closes the write-behind on {@link IdempotencyEngine#close()}, writing what is pending.
     */
    public IdempotencyEngineBuilder claimStore(ClaimStore claimStore) {
        this.claims = Objects.requireNonNull(claimStore, "claimStore");
        return this;
    }

    public IdempotencyEngineBuilder recordStore(RecordStore recordStore) {
        this.records = Objects.requireNonNull(recordStore, "recordStore");
        return this;
    }

    public IdempotencyEngineBuilder transactions(TransactionSupport transactionSupport) {
        this.transactions = Objects.requireNonNull(transactionSupport, "transactions");
        return this;
    }

    public IdempotencyEngineBuilder responseCodec(ResponseCodec responseCodec) {
        this.codec = Objects.requireNonNull(responseCodec, "responseCodec");
        return this;
    }

    public IdempotencyEngineBuilder keyPolicy(KeyPolicy policy) {
        this.keyPolicy = Objects.requireNonNull(policy, "keyPolicy");
        return this;
    }

    /** Used by methods whose {@code @Idempotent} sets no {@code ttl}. */
    public IdempotencyEngineBuilder defaultTtl(Duration ttl) {
        this.defaultTtl = positive("defaultTtl", ttl);
        return this;
    }

    /** Used by methods whose {@code @Idempotent} sets no {@code lease}. */
    public IdempotencyEngineBuilder defaultLease(Duration lease) {
        this.defaultLease = positive("defaultLease", lease);
        return this;
    }

    /** How long a duplicate waits for an in-flight first call before it is told "in progress"; zero by default. */
    public IdempotencyEngineBuilder waitForResult(Duration wait) {
        Objects.requireNonNull(wait, "waitForResult");
        if (wait.isNegative()) {
            throw new IllegalArgumentException("waitForResult must not be negative, got " + wait);
        }
        this.waitForResult = wait;
        return this;
    }

    public IdempotencyEngineBuilder noTransactionPolicy(NoTransactionPolicy policy) {
        this.noTransactionPolicy = Objects.requireNonNull(policy, "noTransactionPolicy");
        return this;
    }

    /**
     * How long a claim in the claim store outlives a caller that is gone ({@link #DEFAULT_CLAIM_TIMEOUT}); the
     * claims of running calls are renewed every third of it, up to their lease.
     */
    public IdempotencyEngineBuilder claimTimeout(Duration timeout) {
        this.claimTimeout = positive("claimTimeout", timeout);
        return this;
    }

    /**
     * Where claims are renewed: a container's managed scheduler, which the engine then uses but never shuts down.
     * Without one the engine starts a daemon thread of its own with the first claim and stops it on close.
     */
    public IdempotencyEngineBuilder scheduler(ScheduledExecutorService renewals) {
        this.scheduler = Objects.requireNonNull(renewals, "scheduler");
        return this;
    }

    /** Where call outcomes and store failures are counted; none by default. */
    public IdempotencyEngineBuilder metrics(IdempotencyMetrics engineMetrics) {
        this.metrics = Objects.requireNonNull(engineMetrics, "metrics");
        return this;
    }

    /** Where the outcome line finds the current trace's id ({@code trace=}); none by default. */
    public IdempotencyEngineBuilder traceIds(TraceIds currentTrace) {
        this.traceIds = Objects.requireNonNull(currentTrace, "traceIds");
        return this;
    }

    public IdempotencyEngineBuilder clock(Clock engineClock) {
        this.clock = Objects.requireNonNull(engineClock, "clock");
        return this;
    }

    public IdempotencyEngine build() {
        require(records, "recordStore");
        require(transactions, "transactions");
        require(codec, "responseCodec");
        claims = remoteWrapped(claims);
        metrics.observe(claims instanceof ClaimStoreHealth health ? health : ClaimStoreHealth.ALWAYS_HEALTHY);
        return new IdempotencyEngine(this);
    }

    private ClaimStore remoteWrapped(ClaimStore store) {
        if (store instanceof InMemoryClaimStore || store instanceof WriteBehindCompletions) {
            return store;
        }
        ClaimStore failOpen = store instanceof FailOpenClaimStore ? store : FailOpenClaimStore.wrap(store);
        return scheduler == null ? WriteBehindCompletions.over(failOpen)
                : WriteBehindCompletions.over(failOpen, scheduler);
    }

    private static void require(Object value, String name) {
        if (value == null) {
            throw new IllegalStateException("IdempotencyEngine needs " + name + "(...) before build()");
        }
    }

    private static Duration positive(String name, Duration duration) {
        Objects.requireNonNull(duration, name);
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, got " + duration);
        }
        return duration;
    }
}
