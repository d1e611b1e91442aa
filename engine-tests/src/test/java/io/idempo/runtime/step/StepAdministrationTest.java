package io.idempo.runtime.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.admin.ManualResolution;
import io.idempo.runtime.admin.Operator;
import io.idempo.runtime.admin.StepAdministration;
import io.idempo.runtime.engine.CapturedLines;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The operator's side of steps: an INDETERMINATE step is listed first, counted for the gauge, inspected and resolved
 * by hand, after which a run returns the resolution without calling; every operation leaves its audit line.
 */
class StepAdministrationTest {

    private static final Operator ADMIN = new Operator("admin", "req-1");
    private static final StepDefinition<Receipt> CHARGE = StepDefinition.of("provider.charge", Receipt.class)
            .maxAttempts(1);

    private final List<String> calls = new CopyOnWriteArrayList<>();

    private Receipt lost(String key) throws IOException {
        calls.add(key);
        throw new IOException("read timed out");
    }

    private Receipt charged(String key) {
        calls.add(key);
        return new Receipt("ch_new", 1);
    }

    /** A step whose only attempt lost its answer: INDETERMINATE. */
    private String indeterminate(StepHarness harness, StepOwner owner) {
        assertThrows(StepIndeterminateException.class, () -> harness.steps.run(CHARGE, owner, this::lost));
        return StepKey.of(owner, "provider.charge").derivedKey();
    }

    @ParameterizedTest
    @EnumSource(StepDatabase.class)
    void anIndeterminateStepIsListedFirstCountedAndResolvedAsSucceededByHand(StepDatabase database) throws Exception {
        try (StepHarness harness = new StepHarness(database);
             CapturedLines audit = CapturedLines.of("io.idempo.audit")) {
            StepAdministration admin = new StepAdministration(harness.store, harness.transactions, harness.metrics,
                    harness.clock);
            StepOwner succeededOwner = StepOwner.event(UUID.randomUUID().toString());
            harness.steps.run(CHARGE, succeededOwner, this::charged);
            harness.clock.advance(Duration.ofSeconds(1));
            StepOwner owner = StepOwner.event(UUID.randomUUID().toString());
            String derivedKey = indeterminate(harness, owner);

            assertEquals(derivedKey, admin.list(ADMIN, 10).get(0).derivedKey());
            assertEquals(List.of(derivedKey), admin.list(ADMIN, StepState.INDETERMINATE, 10).stream()
                    .map(StoredStep::derivedKey).toList());
            assertEquals(Map.of(StepState.STARTED, 0L, StepState.SUCCEEDED, 1L, StepState.FAILED, 0L,
                    StepState.INDETERMINATE, 1L), admin.count(ADMIN));
            assertEquals(1, admin.countOnSchedule());
            assertEquals(1, harness.metrics.indeterminate.get());
            StoredStep inspected = admin.find(ADMIN, derivedKey).orElseThrow();
            assertTrue(inspected.lastError().contains("read timed out"), inspected.lastError());

            assertEquals(ManualResolution.RESOLVED, admin.resolveSucceeded(ADMIN, derivedKey,
                    "{\"amount\":1990,\"chargeId\":\"ch_found_at_provider\"}"));
            assertEquals(new Receipt("ch_found_at_provider", 1990), harness.steps.run(CHARGE, owner, this::charged));
            assertEquals(2, calls.size(), "one charge, one lost call: the resolved step was not called again");
            assertEquals(ManualResolution.NOT_INDETERMINATE, admin.resolveFailed(ADMIN, derivedKey, "too late"));
            assertEquals(ManualResolution.NOT_FOUND, admin.resolveFailed(ADMIN,
                    StepKey.of(StepOwner.event("nobody"), "provider.charge").derivedKey(), "none"));
            assertEquals(0, admin.countOnSchedule());

            assertTrue(audit.lines().contains("idempo-audit operation=resolve-step operator=admin request=req-1"
                    + " derivedKey=" + derivedKey + " as=succeeded result=resolved"), String.join("\n", audit.lines()));
            assertTrue(audit.lines().stream().anyMatch(line -> line.contains("operation=list-steps")
                    && line.endsWith("result=2 steps")), String.join("\n", audit.lines()));
            assertTrue(audit.lines().stream().anyMatch(line -> line.contains("operation=resolve-step")
                    && line.endsWith("result=not-indeterminate")), String.join("\n", audit.lines()));
        }
    }

    @ParameterizedTest
    @EnumSource(StepDatabase.class)
    void anIndeterminateStepResolvedAsFailedThrowsTheOperatorsMessageWithoutCalling(StepDatabase database)
            throws Exception {
        try (StepHarness harness = new StepHarness(database)) {
            StepAdministration admin = new StepAdministration(harness.store, harness.transactions, harness.metrics,
                    harness.clock);
            StepOwner owner = StepOwner.event(UUID.randomUUID().toString());
            String derivedKey = indeterminate(harness, owner);
            assertEquals(ManualResolution.RESOLVED, admin.resolveFailed(ADMIN, derivedKey,
                    "no charge at the provider; the order is cancelled"));
            StepFailedException failed = assertThrows(StepFailedException.class,
                    () -> harness.steps.run(CHARGE, owner, this::charged));
            assertEquals("no charge at the provider; the order is cancelled", failed.getMessage());
            assertEquals(derivedKey, failed.derivedKey());
            assertEquals(1, calls.size());
            assertThrows(IllegalArgumentException.class, () -> admin.find(ADMIN, "not-a-key"));
        }
    }

    @ParameterizedTest
    @EnumSource(StepDatabase.class)
    void finishedStepsArePurgedAfterTheirRetentionAndOthersKept(StepDatabase database) throws Exception {
        try (StepHarness harness = new StepHarness(database)) {
            StepAdministration admin = new StepAdministration(harness.store, harness.transactions, harness.metrics,
                    harness.clock);
            harness.steps.run(CHARGE, StepOwner.event(UUID.randomUUID().toString()), this::charged);
            indeterminate(harness, StepOwner.event(UUID.randomUUID().toString()));
            harness.clock.advance(Duration.ofDays(2));
            harness.steps.run(CHARGE, StepOwner.event(UUID.randomUUID().toString()), this::charged);

            assertEquals(1, admin.purgeFinished(ADMIN, Duration.ofDays(1)));
            assertEquals(Map.of(StepState.STARTED, 0L, StepState.SUCCEEDED, 1L, StepState.FAILED, 0L,
                    StepState.INDETERMINATE, 1L), admin.count(ADMIN));
        }
    }
}
