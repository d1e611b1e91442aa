package io.idempo.redis.jedis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.spi.ClaimResult;
import io.idempo.runtime.spi.CompletedCall;
import io.idempo.runtime.spi.Completion;
import io.idempo.runtime.spi.StoredOutcome;
import io.idempo.testing.redis.RedisCluster;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.UnifiedJedis;

/**
 * {@link JedisClaimStore} on a Redis Cluster of three masters of the test's own, through
 * {@link RedisClients#failFastCluster}: every script touches one key, so each claim runs on the master of its
 * key's slot, and the semantics of the single server hold on every master.
 */
class JedisClusterClaimStoreTest {

    @RegisterExtension
    static final RedisCluster cluster = RedisCluster.threeMasters();

    /** Enough keys that each master gets some (a master missing all of 300 keys: about 3 * (2/3)^300). */
    private static final int KEYS = 300;
    private static final Duration LEASE = Duration.ofSeconds(10);
    private static final Duration TTL = Duration.ofMinutes(30);
    private static final String FINGERPRINT = "f".repeat(64);
    private static final CompletedCall CALL = new CompletedCall(FINGERPRINT, Map.of("request", "a".repeat(16)),
            new StoredOutcome(StoredOutcome.Kind.RESULT, "{\"id\":\"o-1\"}"));

    private static UnifiedJedis jedis;
    private static JedisClaimStore store;

    @BeforeAll
    static void connect() {
        jedis = RedisClients.failFastCluster(cluster.seeds());
        store = new JedisClaimStore(jedis, "idempo-cluster:");
    }

    @AfterAll
    static void disconnect() {
        jedis.close();
    }

    private static String token() {
        return UUID.randomUUID().toString();
    }

    private static long pttl(String keyHash) {
        return jedis.pttl("idempo-cluster:" + keyHash);
    }

    @Test
    void claimReleaseCompleteAndReplayHoldOnEveryMaster() {
        List<String> keys = IntStream.range(0, KEYS).mapToObj(i -> "k-" + UUID.randomUUID()).toList();
        for (String key : keys) {
            String holder = token();
            assertEquals(new ClaimResult.Claimed(), store.claim(key, holder, FINGERPRINT, LEASE), key);
            ClaimResult.Held held = assertInstanceOf(ClaimResult.Held.class,
                    store.claim(key, token(), "0".repeat(64), LEASE), key);
            assertEquals(FINGERPRINT, held.fingerprint(), "the holder's fingerprint, not the caller's");
            long leaseLeft = pttl(key);
            assertTrue(leaseLeft > 0 && leaseLeft <= LEASE.toMillis(),
                    "the claim expires with its lease: PTTL " + leaseLeft);
            assertTrue(store.isHeld(key));

            store.release(key, token());
            assertTrue(store.isHeld(key), "another token releases nothing");
            store.release(key, holder);
            assertFalse(store.isHeld(key), "the holder's token released " + key);
            assertEquals(new ClaimResult.Claimed(), store.claim(key, holder, FINGERPRINT, LEASE), "free again");

            store.complete(key, CALL, TTL);
            assertEquals(new ClaimResult.Done(CALL), store.claim(key, token(), FINGERPRINT, LEASE), "replayed");
            assertEquals(Optional.of(CALL), store.completed(key));
            assertFalse(store.isHeld(key));
            long ttlLeft = pttl(key);
            assertTrue(ttlLeft > LEASE.toMillis() && ttlLeft <= TTL.toMillis(),
                    "the outcome carries the TTL: PTTL " + ttlLeft);
        }

        List<Long> perMaster = cluster.keyCounts();
        assertTrue(perMaster.stream().allMatch(count -> count > 0), "keys on every master: " + perMaster);
        assertEquals(KEYS, perMaster.stream().mapToLong(Long::longValue).sum(), "one key per claim: " + perMaster);
    }

    @Test
    void completeAllReachesTheMasterOfEveryKey() {
        List<Completion> completions = IntStream.range(0, KEYS)
                .mapToObj(i -> new Completion("all-" + UUID.randomUUID(), CALL, TTL)).toList();
        store.completeAll(completions);
        for (Completion completion : completions) {
            assertEquals(Optional.of(CALL), store.completed(completion.keyHash()), completion.keyHash());
            assertTrue(store.forget(completion.keyHash()), "the other test counts the cluster's keys");
        }
    }

    @Test
    void anUnreachableClusterNeitherFailsTheStartNorBlocksACall() throws IOException {
        List<String> closed = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            try (ServerSocket socket = new ServerSocket(0)) {
                closed.add("redis://127.0.0.1:" + socket.getLocalPort());
            }
        }
        UnifiedJedis unreachable = RedisClients.failFastCluster(closed);
        try {
            JedisClaimStore nowhere = new JedisClaimStore(unreachable, "idempo-cluster:");
            for (int call = 0; call < 3; call++) {
                long started = System.nanoTime();
                assertThrows(RuntimeException.class, () -> nowhere.claim("k", token(), FINGERPRINT, LEASE));
                Duration took = Duration.ofNanos(System.nanoTime() - started);
                assertTrue(took.compareTo(Duration.ofSeconds(2)) < 0, "failed fast, in " + took);
            }
        } finally {
            unreachable.close();
        }
    }
}
