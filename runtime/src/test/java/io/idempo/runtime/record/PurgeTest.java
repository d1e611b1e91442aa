package io.idempo.runtime.record;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.idempo.testing.TestClock;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class PurgeTest {

    @ParameterizedTest
    @EnumSource(DatabaseUnderTest.class)
    void purgeDeletesOnlyExpiredRowsOneSmallBatchAtATime(DatabaseUnderTest database) throws Exception {
        TestClock clock = new TestClock();
        try (TestTable table = TestTable.create(database)) {
            RecordStore store = table.store().clock(clock).build();
            Set<String> shortLived = new HashSet<>();
            Set<String> longLived = new HashSet<>();
            for (int i = 0; i < 7; i++) {
                shortLived.add(complete(database, store, Duration.ofMinutes(1)));
            }
            for (int i = 0; i < 3; i++) {
                longLived.add(complete(database, store, Duration.ofHours(1)));
            }
            // Exactly at its expiry a record counts as expired.
            clock.advance(Duration.ofMinutes(1));

            List<Integer> batches = new ArrayList<>();
            int deleted;
            do {
                deleted = Transactions.inTransaction(database, (sql, c) -> store.purgeExpired(sql, 3));
                batches.add(deleted);
            } while (deleted > 0);

            assertEquals(List.of(3, 3, 1, 0), batches);
            assertEquals(longLived, keysIn(database, table));
        }
    }

    private static String complete(DatabaseUnderTest database, RecordStore store, Duration ttl) throws Exception {
        NewRecord template = Records.claimFor(Records.newKeyHash());
        NewRecord claim = new NewRecord(template.keyHash(), template.action(), template.scope(), template.clientKey(),
                template.fingerprint(), template.fingerprintVersion(), template.fieldDigests(), template.lease(), ttl);
        return Transactions.inTransaction(database, (sql, c) -> {
            store.claim(sql, claim);
            store.complete(sql, claim.keyHash(), RecordStatus.COMPLETED, "RESULT\n" + ttl);
            return claim.keyHash();
        });
    }

    private static Set<String> keysIn(DatabaseUnderTest database, TestTable table) throws Exception {
        return Transactions.inTransaction(database, (sql, connection) -> {
            Set<String> keys = new HashSet<>();
            try (Statement statement = connection.createStatement();
                 ResultSet rows = statement.executeQuery("SELECT key_hash FROM " + table.name)) {
                while (rows.next()) {
                    keys.add(rows.getString(1));
                }
            }
            return keys;
        });
    }
}
