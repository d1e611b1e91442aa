package io.idempo.redis.jedis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.spi.ClaimResult;
import io.idempo.runtime.spi.CompletedCall;
import io.idempo.runtime.spi.Completion;
import io.idempo.runtime.spi.StoredOutcome;
import io.idempo.testing.CounterSnapshots;
import io.idempo.testing.redis.RedisKeyspace;
import io.idempo.testing.redis.RedisProcess;
import io.idempo.testing.redis.RespConnection;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import redis.clients.jedis.UnifiedJedis;

/**
 * {@link JedisClaimStore} on real Redis servers: the shared one at 6379 (a key prefix of each test's own, deleted
 * afterwards) for the claim semantics, and a redis-server of the test's own where commands are counted with
 * {@code INFO commandstats} or the script cache is flushed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JedisClaimStoreTest {

    private static final int SHARED_PORT = 6379;
    private static final Duration LEASE = Duration.ofSeconds(10);
    private static final Duration TTL = Duration.ofMinutes(30);
    private static final String FINGERPRINT = "f".repeat(64);
    private static final CompletedCall CALL = new CompletedCall(FINGERPRINT, Map.of("request", "a".repeat(16)),
            new StoredOutcome(StoredOutcome.Kind.RESULT, "{\"id\":\"o-1\"}"));

    private UnifiedJedis shared;
    private String prefix;
    private JedisClaimStore store;

    @BeforeAll
    void connect() {
        shared = RedisClients.failFast("redis://127.0.0.1:" + SHARED_PORT);
    }

    @AfterAll
    void disconnect() {
        shared.close();
    }

    @BeforeEach
    void newPrefix() {
        prefix = "idempo-claimtest-" + UUID.randomUUID() + ":";
        store = new JedisClaimStore(shared, prefix);
    }

    @AfterEach
    void deleteKeys() {
        new RedisKeyspace("redis://127.0.0.1:" + SHARED_PORT, prefix).deleteAll();
    }

    private static String token() {
        return UUID.randomUUID().toString();
    }

    private long pttl(String keyHash) {
        return (Long) RespConnection.call("127.0.0.1", SHARED_PORT, "PTTL", prefix + keyHash);
    }

    @Test
    void aFreeKeyIsClaimedAndThenReportedHeldWithTheHoldersFingerprintAndRemainingLease() {
        assertEquals(new ClaimResult.Claimed(), store.claim("k1", token(), FINGERPRINT, LEASE));
        ClaimResult.Held held = assertInstanceOf(ClaimResult.Held.class,
                store.claim("k1", token(), "0".repeat(64), LEASE));
        assertEquals(FINGERPRINT, held.fingerprint(), "the holder's fingerprint, not the caller's");
        assertTrue(held.remaining().compareTo(Duration.ZERO) > 0 && held.remaining().compareTo(LEASE) <= 0,
                () -> "remaining " + held.remaining());
        long pttl = pttl("k1");
        assertTrue(pttl > 0 && pttl <= LEASE.toMillis(), "the claim expires with its lease: PTTL " + pttl);
        assertEquals(Optional.empty(), store.completed("k1"), "a held key has no completed call");
        assertEquals(Optional.empty(), store.completed("absent"));
        assertTrue(store.isHeld("k1"));
        assertFalse(store.isHeld("absent"));
        assertEquals(new ClaimResult.Claimed(), store.claim("k2", token(), FINGERPRINT, LEASE), "keys are separate");
    }

    @Test
    void aHeldClaimLapsesWithItsLease() throws InterruptedException {
        assertEquals(new ClaimResult.Claimed(), store.claim("k", token(), FINGERPRINT, Duration.ofMillis(100)));
        Thread.sleep(250);
        assertEquals(new ClaimResult.Claimed(), store.claim("k", token(), FINGERPRINT, LEASE));
    }

    @Test
    void completeReplacesTheHeldClaimAndTheValueExpiresWithTheTtl() {
        String holder = token();
        assertEquals(new ClaimResult.Claimed(), store.claim("k", holder, FINGERPRINT, LEASE));
        store.complete("k", CALL, TTL);
        assertEquals(new ClaimResult.Done(CALL), store.claim("k", token(), FINGERPRINT, LEASE));
        assertEquals(Optional.of(CALL), store.completed("k"));
        assertFalse(store.isHeld("k"), "a completed key is no longer held");
        long pttl = pttl("k");
        assertTrue(pttl > LEASE.toMillis() && pttl <= TTL.toMillis(),
                "the completed value carries the TTL, never lives forever (-1) nor keeps the lease: PTTL " + pttl);

        store.release("k", holder);
        assertEquals(Optional.of(CALL), store.completed("k"), "the former holder's release cannot drop the outcome");

        store.complete("unclaimed", CALL, TTL);
        assertEquals(new ClaimResult.Done(CALL), store.claim("unclaimed", token(), FINGERPRINT, LEASE),
                "a write-back from the database needs no claim");
        assertTrue(pttl("unclaimed") > 0);
    }

    @Test
    void completeAllWritesEveryOutcomeWithItsOwnTtlAndNothingElse() throws Exception {
        try (RedisProcess server = RedisProcess.started();
             UnifiedJedis own = RedisClients.failFast("redis://127.0.0.1:" + server.port())) {
            JedisClaimStore ownStore = new JedisClaimStore(own, prefix);
            List<Completion> completions = IntStream.range(0, 50).mapToObj(i -> new Completion("k-" + i, CALL,
                    i == 0 ? LEASE : TTL)).toList();
            Map<String, Long> before = server.commandCalls();
            ownStore.completeAll(completions);
            assertEquals(Map.of("set", 50L), CounterSnapshots.delta(before, server.commandCalls()));
            for (Completion completion : completions) {
                assertEquals(Optional.of(CALL), ownStore.completed(completion.keyHash()));
                long pttl = own.pttl(prefix + completion.keyHash());
                assertTrue(pttl > 0 && pttl <= completion.ttl().toMillis(), completion.keyHash() + ": PTTL " + pttl);
            }
            assertTrue(own.pttl(prefix + "k-0") <= LEASE.toMillis(), "each outcome has its own TTL");
        }
    }

    @Test
    void onlyTheHoldersTokenReleasesAClaim() {
        String holder = token();
        assertEquals(new ClaimResult.Claimed(), store.claim("k", holder, FINGERPRINT, LEASE));
        store.release("k", token());
        store.release("k", holder.substring(0, 8));
        store.release("k", "");
        assertInstanceOf(ClaimResult.Held.class, store.claim("k", token(), FINGERPRINT, LEASE),
                "another token, a prefix of the holder's token or an empty one release nothing");
        store.release("k", holder);
        assertEquals(-2L, pttl("k"), "the key is gone");
        assertEquals(new ClaimResult.Claimed(), store.claim("k", token(), FINGERPRINT, LEASE));
        store.release("never-claimed", holder);
        assertEquals(-2L, pttl("never-claimed"));
    }

    @Test
    void forgetDeletesAnOutcomeOrAClaimSoThatTheNextCallerClaims() {
        store.complete("done", CALL, TTL);
        store.claim("held", token(), FINGERPRINT, LEASE);

        assertTrue(store.forget("done"));
        assertTrue(store.forget("held"));
        assertFalse(store.forget("absent"));
        assertEquals(-2L, pttl("done"), "the key is gone from Redis");
        assertEquals(new ClaimResult.Claimed(), store.claim("done", token(), FINGERPRINT, LEASE));
        assertEquals(new ClaimResult.Claimed(), store.claim("held", token(), FINGERPRINT, LEASE));
    }

    @Test
    void payloadsWithNewlinesAndNonAsciiTextRoundTrip() {
        CompletedCall result = new CompletedCall(FINGERPRINT,
                Map.of("request.note", "1".repeat(16), "key", "2".repeat(16)), new StoredOutcome(StoredOutcome.Kind.RESULT,
                        "{\"note\":\"first line\\nsecond\"}\n\nraw\nnewlines\r\n, Grüße, 東京, emoji 😀, €\n"));
        CompletedCall exception = new CompletedCall(FINGERPRINT, Map.of(),
                new StoredOutcome(StoredOutcome.Kind.EXCEPTION, "com.example.OutOfStock\nnur 3 übrig\nzweite Zeile"));
        CompletedCall none = new CompletedCall(FINGERPRINT, Map.of(), new StoredOutcome(StoredOutcome.Kind.NONE, ""));
        CompletedCall empty = new CompletedCall(FINGERPRINT, Map.of(), new StoredOutcome(StoredOutcome.Kind.RESULT, ""));
        Map<String, CompletedCall> calls = Map.of("result", result, "exception", exception, "none", none,
                "empty", empty);
        calls.forEach((key, call) -> {
            store.claim(key, token(), FINGERPRINT, LEASE);
            store.complete(key, call, TTL);
        });
        calls.forEach((key, call) -> {
            assertEquals(new ClaimResult.Done(call), store.claim(key, token(), FINGERPRINT, LEASE), key);
            assertEquals(Optional.of(call), store.completed(key), key);
        });
    }

    @Test
    void aCompletedDuplicateCostsOneRedisCommandAlsoAfterTheScriptCacheIsFlushed() throws Exception {
        try (RedisProcess server = RedisProcess.started()) {
            UnifiedJedis client = RedisClients.failFast(server.url());
            try {
                JedisClaimStore own = new JedisClaimStore(client, "idempo-count:");
                assertEquals(new ClaimResult.Claimed(), own.claim("k", token(), FINGERPRINT, LEASE));
                own.complete("k", CALL, TTL);
                // One EVAL; the script's own GET is counted too, but costs no round trip (no PTTL for a result).
                Map<String, Long> oneRoundTrip = Map.of("eval", 1L, "get", 1L);

                Map<String, Long> before = server.commandCalls();
                assertEquals(new ClaimResult.Done(CALL), own.claim("k", token(), FINGERPRINT, LEASE));
                assertEquals(oneRoundTrip, CounterSnapshots.delta(before, server.commandCalls()));

                assertEquals("OK", server.command("SCRIPT", "FLUSH"));
                before = server.commandCalls();
                assertEquals(new ClaimResult.Done(CALL), own.claim("k", token(), FINGERPRINT, LEASE),
                        "no NOSCRIPT, no fall-back to the database after the script cache is emptied");
                assertEquals(oneRoundTrip, CounterSnapshots.delta(before, server.commandCalls()));

                before = server.commandCalls();
                assertEquals(new ClaimResult.Claimed(), own.claim("fresh", token(), FINGERPRINT, LEASE));
                assertEquals(Map.of("eval", 1L, "get", 1L, "set", 1L),
                        CounterSnapshots.delta(before, server.commandCalls()),
                        "a first call's claim is one round trip as well");
            } finally {
                client.close();
            }
        }
    }
}
