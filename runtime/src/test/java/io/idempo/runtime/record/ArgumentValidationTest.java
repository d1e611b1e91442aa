package io.idempo.runtime.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.spi.SqlExecutor;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Values are refused before any SQL runs: MySQL's INSERT IGNORE would otherwise truncate them silently, and the
 * same rules hold on every database.
 */
class ArgumentValidationTest {

    /** An executor that fails the test if the store reaches the database. */
    private static final SqlExecutor NO_DATABASE = new SqlExecutor() {
        @Override
        public int update(String sql, Object... parameters) {
            throw new AssertionError("no SQL expected, got " + sql);
        }

        @Override
        public List<Object[]> query(String sql, Object... parameters) {
            throw new AssertionError("no SQL expected, got " + sql);
        }
    };

    private final NewRecord valid = Records.claimFor(Records.newKeyHash());

    @Test
    void aClientKeyLongerThanItsColumnIsRefusedWithTheLimit() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> withClientKey("k".repeat(256)));
        assertEquals("clientKey is 256 characters long; the clientKey column holds at most 255", refused.getMessage());
        assertEquals("k".repeat(255), withClientKey("k".repeat(255)).clientKey());
    }

    @Test
    void keyHashesMustBeLowercaseSha256Hex() {
        String upper = valid.keyHash().toUpperCase();
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> new NewRecord(upper,
                valid.action(), valid.scope(), valid.clientKey(), valid.fingerprint(), valid.fingerprintVersion(),
                valid.fieldDigests(), valid.lease(), valid.ttl()));
        assertTrue(refused.getMessage().startsWith("keyHash must be a SHA-256 in lowercase hex"), refused.getMessage());
        String hash = valid.keyHash();
        for (String malformed : List.of("", hash.substring(1), hash + "0", "g" + hash.substring(1),
                hash.substring(1) + "/", hash.substring(1) + ":")) {
            assertThrows(IllegalArgumentException.class, () -> new NewRecord(malformed, valid.action(), valid.scope(),
                    valid.clientKey(), valid.fingerprint(), valid.fingerprintVersion(), valid.fieldDigests(),
                    valid.lease(), valid.ttl()), malformed);
        }
    }

    @Test
    void fieldDigestsKeepTheirOrderAndRefuseAmbiguousPaths() {
        Map<String, String> digests = new LinkedHashMap<>();
        digests.put("z.last", "00ff");
        digests.put("a.first", "ff00");
        NewRecord record = withFieldDigests(digests);
        assertEquals(List.of("z.last", "a.first"), List.copyOf(record.fieldDigests().keySet()));
        assertEquals("z.last=00ff\na.first=ff00", record.encodedFieldDigests());
        assertEquals(record.fieldDigests(), FieldDigests.decode(record.encodedFieldDigests()));

        assertThrows(IllegalArgumentException.class, () -> withFieldDigests(Map.of("a=b", "00")));
        assertThrows(IllegalArgumentException.class, () -> withFieldDigests(Map.of("a", "not hex")));
        assertThrows(IllegalArgumentException.class, () -> withFieldDigests(Map.of("a", "")));
        assertThrows(IllegalArgumentException.class, () -> withFieldDigests(Map.of("a", "00FF")));
    }

    @Test
    void leaseAndTtlMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> new NewRecord(valid.keyHash(), valid.action(),
                valid.scope(), valid.clientKey(), valid.fingerprint(), valid.fingerprintVersion(),
                valid.fieldDigests(), valid.lease(), Duration.ZERO));
    }

    @Test
    void completingRefusesAnUnfinishedStatusAndAnOversizedResponse() {
        RecordStore store = RecordStore.builder(SqlDialect.MARIADB).build();
        assertThrows(IllegalArgumentException.class,
                () -> store.complete(NO_DATABASE, valid.keyHash(), RecordStatus.IN_PROGRESS, "RESULT\n1"));
        // 5,600,000 three-byte characters: 16,800,000 UTF-8 bytes, just over MEDIUMTEXT.
        String tooLarge = "€".repeat(5_600_000);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> store.complete(NO_DATABASE, valid.keyHash(), RecordStatus.COMPLETED, tooLarge));
        assertTrue(refused.getMessage().contains("16777215 UTF-8 bytes"), refused.getMessage());
    }

    @Test
    void purgeBatchesAndLockWaitsMustMakeSense() {
        RecordStore store = RecordStore.builder(SqlDialect.POSTGRESQL).build();
        assertThrows(IllegalArgumentException.class, () -> store.purgeExpired(NO_DATABASE, 0));
        assertThrows(IllegalArgumentException.class,
                () -> RecordStore.builder(SqlDialect.POSTGRESQL).lockWait(Duration.ofMillis(-1)));
    }

    private NewRecord withClientKey(String clientKey) {
        return new NewRecord(valid.keyHash(), valid.action(), valid.scope(), clientKey, valid.fingerprint(),
                valid.fingerprintVersion(), valid.fieldDigests(), valid.lease(), valid.ttl());
    }

    private NewRecord withFieldDigests(Map<String, String> digests) {
        return new NewRecord(valid.keyHash(), valid.action(), valid.scope(), valid.clientKey(), valid.fingerprint(),
                valid.fingerprintVersion(), digests, valid.lease(), valid.ttl());
    }
}
