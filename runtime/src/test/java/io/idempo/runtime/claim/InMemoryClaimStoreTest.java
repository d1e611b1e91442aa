package io.idempo.runtime.claim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.spi.ClaimResult;
import io.idempo.runtime.spi.CompletedCall;
import io.idempo.runtime.spi.StoredOutcome;
import io.idempo.testing.TestClock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** {@link InMemoryClaimStore} on a {@link TestClock}: leases and TTLs pass by moving the clock, not by waiting. */
class InMemoryClaimStoreTest {

    private static final Duration LEASE = Duration.ofSeconds(10);
    private static final Duration TTL = Duration.ofMinutes(30);
    private static final String FINGERPRINT = "f".repeat(64);
    private static final CompletedCall CALL = new CompletedCall(FINGERPRINT, Map.of("request", "a".repeat(16)),
            new StoredOutcome(StoredOutcome.Kind.RESULT, "{\"id\":\"o-1\"}\nsecond line, Grüße"));

    private final TestClock clock = new TestClock();
    private final InMemoryClaimStore store = new InMemoryClaimStore(clock);

    private static String token() {
        return UUID.randomUUID().toString();
    }

    @Test
    void aHeldKeyReportsItsHolderAndRemainingLeaseAndIsFreeOnceTheLeaseEnds() {
        assertEquals(new ClaimResult.Claimed(), store.claim("k", token(), FINGERPRINT, LEASE));
        clock.advance(Duration.ofSeconds(4));
        assertEquals(new ClaimResult.Held(FINGERPRINT, Duration.ofSeconds(6)),
                store.claim("k", token(), "0".repeat(64), LEASE));
        assertEquals(Optional.empty(), store.completed("k"));
        assertTrue(store.isHeld("k"));
        clock.advance(Duration.ofSeconds(6));
        assertFalse(store.isHeld("k"), "a lapsed lease holds nothing");
        assertEquals(new ClaimResult.Claimed(), store.claim("k", token(), "0".repeat(64), LEASE),
                "at the end of the lease the key is free for the next caller");
        assertEquals(new ClaimResult.Held("0".repeat(64), LEASE), store.claim("k", token(), FINGERPRINT, LEASE));
    }

    @Test
    void aCompletedCallIsReplayedUntilItsTtlAndThenDropped() {
        String holder = token();
        store.claim("k", holder, FINGERPRINT, LEASE);
        store.complete("k", CALL, TTL);
        clock.advance(LEASE.multipliedBy(2));
        assertEquals(new ClaimResult.Done(CALL), store.claim("k", token(), FINGERPRINT, LEASE),
                "completion replaced the lease with the TTL");
        assertEquals(Optional.of(CALL), store.completed("k"));
        assertFalse(store.isHeld("k"));
        store.release("k", holder);
        assertEquals(Optional.of(CALL), store.completed("k"), "the former holder cannot release an outcome");

        clock.advance(TTL.minus(LEASE.multipliedBy(2)));
        assertEquals(Optional.empty(), store.completed("k"), "expired at exactly the TTL");
        assertEquals(new ClaimResult.Claimed(), store.claim("k", token(), FINGERPRINT, LEASE));
    }

    @Test
    void releaseFreesTheKeyOnlyForTheHoldersToken() {
        String holder = token();
        store.claim("k", holder, FINGERPRINT, LEASE);
        store.release("k", token());
        assertInstanceOf(ClaimResult.Held.class, store.claim("k", token(), FINGERPRINT, LEASE),
                "a wrong token is ignored");
        store.release("k", holder);
        assertEquals(new ClaimResult.Claimed(), store.claim("k", token(), FINGERPRINT, LEASE));
        store.release("absent", holder);
        assertEquals(new ClaimResult.Claimed(), store.claim("absent", token(), FINGERPRINT, LEASE));
    }

    @Test
    void forgetDropsAnOutcomeOrAClaimSoThatTheNextCallerClaims() {
        store.complete("done", CALL, TTL);
        store.claim("held", token(), FINGERPRINT, LEASE);
        store.complete("expired", CALL, Duration.ofSeconds(1));
        clock.advance(Duration.ofSeconds(1));

        assertTrue(store.forget("done"));
        assertTrue(store.forget("held"));
        assertFalse(store.forget("expired"), "an expired entry held nothing any more");
        assertFalse(store.forget("absent"));
        assertFalse(store.forget("done"), "forgotten once");
        assertEquals(new ClaimResult.Claimed(), store.claim("done", token(), FINGERPRINT, LEASE));
        assertEquals(new ClaimResult.Claimed(), store.claim("held", token(), FINGERPRINT, LEASE));
    }

    @Test
    void evictExpiredDropsExactlyTheExpiredEntries() {
        store.claim("short-lease", token(), FINGERPRINT, Duration.ofSeconds(1));
        store.claim("long-lease", token(), FINGERPRINT, Duration.ofMinutes(5));
        store.complete("short-ttl", CALL, Duration.ofSeconds(2));
        store.complete("long-ttl", CALL, TTL);
        assertEquals(0, store.evictExpired());

        clock.advance(Duration.ofSeconds(2));
        assertEquals(2, store.evictExpired(), "the short lease and the short TTL");
        assertEquals(0, store.evictExpired());
        assertInstanceOf(ClaimResult.Held.class, store.claim("long-lease", token(), FINGERPRINT, LEASE));
        assertEquals(new ClaimResult.Done(CALL), store.claim("long-ttl", token(), FINGERPRINT, LEASE));
        assertEquals(new ClaimResult.Claimed(), store.claim("short-lease", token(), FINGERPRINT, LEASE));
        assertEquals(new ClaimResult.Claimed(), store.claim("short-ttl", token(), FINGERPRINT, LEASE));

        clock.advance(TTL);
        assertEquals(4, store.evictExpired());
    }
}
