package io.idempo.runtime.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.testing.ChildProcesses;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A worker JVM SIGKILLed after the provider charged and answered, before the answer reached the step table: the step
 * is left STARTED with a lease that runs out. The next run calls again with the same derived key, the provider
 * answers with the charge it made, and its ledger holds one charge. On the servers that a second JVM can share.
 */
class KilledWorkerTest {

    static final StepDefinition<Receipt> CHARGE = StepDefinition.of("provider.charge", Receipt.class);
    static final long AMOUNT = 4200;

    @ParameterizedTest
    @EnumSource(value = StepDatabase.class, names = {"POSTGRESQL", "MARIADB"})
    void aRunAfterAWorkerDiedBetweenTheChargeAndItsRecordCallsWithTheSameKeyAndChargesOnce(StepDatabase database)
            throws Exception {
        try (StepHarness harness = new StepHarness(database); TestProvider provider = new TestProvider()) {
            String eventId = UUID.randomUUID().toString();
            String derivedKey = StepKey.of(StepOwner.event(eventId), "provider.charge").derivedKey();
            Path log = Files.createTempFile("idempo-dying-worker-", ".log");
            Process worker = DyingWorker.start(log, database.name(), harness.table, provider.url(), eventId);
            try {
                String charged = awaitCharged(worker, log);
                ChildProcesses.kill(worker, "step worker");

                assertEquals(1, provider.charges().size());
                StoredStep left = harness.row(derivedKey).orElseThrow();
                assertEquals(StepState.STARTED, left.state(), "the answer never reached the table");
                assertEquals(1, left.attempts());
                assertNotNull(left.leaseToken());

                // The next run comes after the dead worker's lease (the worker wrote it with the real clock).
                Instant afterLease = left.leaseUntil().plusSeconds(1);
                harness.clock.advance(Duration.between(harness.clock.instant(), afterLease));
                ProviderClient client = new ProviderClient(provider.url());
                Receipt receipt = harness.steps.run(CHARGE, StepOwner.event(eventId),
                        key -> client.charge(key, AMOUNT));

                assertEquals(charged, receipt.chargeId(), "the provider answered the repeat with its first charge");
                assertEquals(List.of(derivedKey, derivedKey), provider.requestKeys());
                assertEquals(1, provider.charges().size(), "one charge: " + provider.charges());
                StoredStep row = harness.row(derivedKey).orElseThrow();
                assertEquals(StepState.SUCCEEDED, row.state());
                assertEquals(2, row.attempts());
                assertEquals(receipt, harness.steps.run(CHARGE, StepOwner.event(eventId),
                        key -> client.charge(key, AMOUNT)));
                assertEquals(2, provider.requestKeys().size(), "and no call after it succeeded");
            } finally {
                worker.destroyForcibly();
                Files.deleteIfExists(log);
            }
        }
    }

    /** The charge id the worker printed once the provider answered it. */
    private static String awaitCharged(Process worker, Path log) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                if (line.startsWith(DyingWorker.CHARGED)) {
                    return line.substring(DyingWorker.CHARGED.length()).strip();
                }
            }
            assertTrue(worker.isAlive(), () -> "the worker ended early: " + read(log));
            Thread.sleep(20);
        }
        throw new AssertionError("the worker never charged: " + read(log));
    }

    private static String read(Path log) {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }
}
