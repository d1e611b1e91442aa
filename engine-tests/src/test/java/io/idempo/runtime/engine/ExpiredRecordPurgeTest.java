package io.idempo.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.idempo.runtime.ExpiredRecordPurge;
import io.idempo.runtime.RecordKey;
import io.idempo.runtime.record.NewRecord;
import io.idempo.runtime.record.RecordStatus;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ExpiredRecordPurgeTest {

    @ParameterizedTest
    @EnumSource(EngineDatabase.class)
    void deletesOnlyExpiredRecordsInBatches(EngineDatabase database) throws Exception {
        try (EngineHarness harness = new EngineHarness(database, ClaimMode.IN_MEMORY)) {
            for (int i = 0; i < 5; i++) {
                write(harness, Duration.ofMillis(1));
            }
            write(harness, Duration.ofHours(1));
            Thread.sleep(20); // the five short-lived records are past their expiry
            assertEquals(6, harness.recordRows());
            assertEquals(5, new ExpiredRecordPurge(harness.records, harness.transactions, 2, 10).run());
            assertEquals(1, harness.recordRows());
            assertEquals(0, new ExpiredRecordPurge(harness.records, harness.transactions, 2, 10).run());
        }
    }

    private static void write(EngineHarness harness, Duration ttl) throws Exception {
        RecordKey key = new RecordKey("purge.test", "", "key-" + UUID.randomUUID());
        String digest = "0".repeat(64);
        harness.transactions.inTransaction(() -> {
            harness.records.claim(harness.transactions.executor(), new NewRecord(key.hash(), key.action(),
                    key.scope(), key.clientKey(), digest, "v", Map.of(), Duration.ofSeconds(1), ttl));
            harness.records.complete(harness.transactions.executor(), key.hash(), RecordStatus.COMPLETED, "NONE\n");
            return null;
        });
    }
}
