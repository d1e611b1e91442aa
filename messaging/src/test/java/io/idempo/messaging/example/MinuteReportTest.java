package io.idempo.messaging.example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.idempo.jsonb.JsonbResponseCodec;
import io.idempo.runtime.Idempotency;
import io.idempo.runtime.IdempotencyEngine;
import io.idempo.runtime.record.RecordStore;
import io.idempo.runtime.record.SqlDialect;
import io.idempo.runtime.tx.JdbcTransactions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** The documented job pattern: three nodes tick at the same instant, every minute runs on exactly one of them. */
class MinuteReportTest {

    @Test
    void eachMinuteRunsOnOneNode() throws Exception {
        ExampleDatabase database = new ExampleDatabase();
        JdbcTransactions transactions = new JdbcTransactions(database.dataSource);
        IdempotencyEngine engine = IdempotencyEngine.builder()
                .recordStore(RecordStore.builder(SqlDialect.H2).build())
                .transactions(transactions)
                .responseCodec(JsonbResponseCodec.create())
                .build();
        Idempotency.Installation installation = Idempotency.install(engine);
        ExecutorService nodes = Executors.newFixedThreadPool(3);
        try {
            Instant start = Instant.parse("2026-12-01T12:00:00Z");
            for (int minute = 0; minute < 5; minute++) {
                Instant now = start.plusSeconds(60L * minute + 7);
                CyclicBarrier together = new CyclicBarrier(3);
                List<Future<Boolean>> ticks = new ArrayList<>();
                for (String node : List.of("node-a", "node-b", "node-c")) {
                    MinuteReport report = new MinuteReport(transactions, node);
                    ticks.add(nodes.submit(() -> {
                        together.await();
                        return report.tick(now);
                    }));
                }
                int ran = 0;
                for (Future<Boolean> tick : ticks) {
                    ran += tick.get() ? 1 : 0;
                }
                assertEquals(1, ran, "one node ran minute " + minute);
            }
            assertEquals(5, database.count("SELECT COUNT(*) FROM minute_report"));
            assertEquals(5, database.count("SELECT COUNT(DISTINCT slot) FROM minute_report"));
        } finally {
            nodes.shutdownNow();
            installation.close();
            engine.close();
            database.drop();
        }
    }
}
