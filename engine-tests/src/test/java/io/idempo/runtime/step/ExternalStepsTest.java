package io.idempo.runtime.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every branch of a run, asserted on the step's row and on the calls made: the first run calls once with the derived
 * key and stores the result; later runs never call a step that ended; a call whose outcome is unknown is retried with
 * the same key after its backoff, until the budget or the window is spent and the step is INDETERMINATE for good.
 */
class ExternalStepsTest {

    static final StepDefinition<Receipt> CHARGE = StepDefinition.of("provider.charge", Receipt.class)
            .permanentFailures(CardDeclinedException.class);

    /** A provider's final refusal; package-private, as applications often declare theirs. */
    static final class CardDeclinedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public CardDeclinedException(String message) {
            super(message);
        }
    }

    /** A result the JSON-B codec fails on: its one property cannot be read. */
    public static final class Unencodable {
        public String getSecret() {
            throw new IllegalStateException("not encodable");
        }
    }

    /** The keys a call was made with, in order; what it answers is up to each test. */
    private final List<String> calls = new CopyOnWriteArrayList<>();

    private StepOwner owner() {
        return StepOwner.event(UUID.randomUUID().toString());
    }

    private Receipt charged(String key) {
        calls.add(key);
        return new Receipt("ch_" + calls.size(), 1990);
    }

    private Receipt unavailable(String key) throws IOException {
        calls.add(key);
        throw new IOException("provider answered 503");
    }

    @ParameterizedTest
    @EnumSource(StepDatabase.class)
    void theFirstRunCallsOnceWithTheDerivedKeyAndLaterRunsReturnTheStoredResult(StepDatabase database)
            throws Exception {
        try (StepHarness harness = new StepHarness(database)) {
            StepOwner owner = owner();
            String derivedKey = StepKey.of(owner, "provider.charge").derivedKey();

            Receipt first = harness.steps.run(CHARGE, owner, this::charged);
            Receipt again = harness.steps.run(CHARGE, owner, this::charged);

            assertEquals(new Receipt("ch_1", 1990), first);
            assertEquals(first, again);
            assertEquals(List.of(derivedKey), calls);
            StoredStep row = harness.row(derivedKey).orElseThrow();
            assertEquals(StepState.SUCCEEDED, row.state());
            assertEquals(1, row.attempts());
            assertEquals(owner.text(), row.owner());
            assertNull(row.leaseToken());
            assertNull(row.leaseUntil());
            assertEquals(List.of("provider.charge/first", "provider.charge/replayed"), harness.metrics.steps);
        }
    }

    @ParameterizedTest
    @EnumSource(StepDatabase.class)
    void aPermanentFailureIsStoredAndRethrownWithoutCallingAgain(StepDatabase database) throws Exception {
        try (StepHarness harness = new StepHarness(database)) {
            StepOwner owner = owner();
            CardDeclinedException declined = new CardDeclinedException("card declined: insufficient funds");
            CardDeclinedException first = assertThrows(CardDeclinedException.class,
                    () -> harness.steps.run(CHARGE, owner, key -> {
                        calls.add(key);
                        throw declined;
                    }));
            assertSame(declined, first, "the call's own exception, not a copy");

            CardDeclinedException replayed = assertThrows(CardDeclinedException.class,
                    () -> harness.steps.run(CHARGE, owner, this::charged));
            assertEquals("card declined: insufficient funds", replayed.getMessage());
            assertEquals(1, calls.size());
            StoredStep row = harness.row(StepKey.of(owner, "provider.charge").derivedKey()).orElseThrow();
            assertEquals(StepState.FAILED, row.state());
            assertEquals(List.of("provider.charge/failed", "provider.charge/replayed"), harness.metrics.steps);
        }
    }

    @ParameterizedTest
    @EnumSource(StepDatabase.class)
    void anUnknownOutcomeIsRetriedWithTheSameKeyAfterItsBackoffAndNotBefore(StepDatabase database) throws Exception {
        try (StepHarness harness = new StepHarness(database)) {
            StepOwner owner = owner();
            Instant failedAt = harness.clock.instant();
            StepRetryLaterException retry = assertThrows(StepRetryLaterException.class,
                    () -> harness.steps.run(CHARGE, owner, this::unavailable));
            assertEquals(failedAt.plus(Duration.ofSeconds(2)), retry.retryAt());
            assertEquals(1, retry.attempts());
            assertTrue(retry.getCause() instanceof IOException, String.valueOf(retry.getCause()));

            harness.clock.advance(Duration.ofSeconds(1));
            StepRetryLaterException backingOff = assertThrows(StepRetryLaterException.class,
                    () -> harness.steps.run(CHARGE, owner, this::charged));
            assertEquals(retry.retryAt(), backingOff.retryAt());
            assertNull(backingOff.getCause(), "nothing was called");
            assertEquals(1, calls.size());

            harness.clock.advance(Duration.ofSeconds(1));
            Receipt receipt = harness.steps.run(CHARGE, owner, this::charged);
            assertEquals("ch_2", receipt.chargeId());
            assertEquals(2, calls.size());
            assertEquals(calls.get(0), calls.get(1), "the retry sends the same key");
            StoredStep row = harness.row(calls.get(0)).orElseThrow();
            assertEquals(StepState.SUCCEEDED, row.state());
            assertEquals(2, row.attempts());
            assertTrue(row.lastError().contains("provider answered 503"), row.lastError());
            assertEquals(List.of("provider.charge/retry", "provider.charge/backing_off", "provider.charge/first"),
                    harness.metrics.steps);
        }
    }

    @ParameterizedTest
    @EnumSource(StepDatabase.class)
    void theBackoffDoublesUpToItsLongest(StepDatabase database) throws Exception {
        try (StepHarness harness = new StepHarness(database)) {
            StepDefinition<Receipt> patient = CHARGE.maxAttempts(6);
            StepOwner owner = owner();
            List<Duration> delays = new CopyOnWriteArrayList<>();
            for (int attempt = 1; attempt < 6; attempt++) {
                Instant now = harness.clock.instant();
                StepRetryLaterException retry = assertThrows(StepRetryLaterException.class,
                        () -> harness.steps.run(patient, owner, this::unavailable));
                delays.add(Duration.between(now, retry.retryAt()));
                harness.clock.advance(Duration.between(now, retry.retryAt()));
            }
            assertEquals(List.of(Duration.ofSeconds(2), Duration.ofSeconds(4), Duration.ofSeconds(8),
                    Duration.ofSeconds(8), Duration.ofSeconds(8)), delays);
        }
    }

    @ParameterizedTest
    @EnumSource(StepDatabase.class)
    void aStepWhoseBudgetIsSpentIsIndeterminateAndNeverCalledAgain(StepDatabase database) throws Exception {
        try (StepHarness harness = new StepHarness(database)) {
            StepOwner owner = owner();
            for (int attempt = 1; attempt < 3; attempt++) {
                assertThrows(StepRetryLaterException.class, () -> harness.steps.run(CHARGE, owner, this::unavailable));
                harness.clock.advance(Duration.ofMinutes(1));
            }
            StepIndeterminateException spent = assertThrows(StepIndeterminateException.class,
                    () -> harness.steps.run(CHARGE, owner, this::unavailable));
            assertTrue(spent.getMessage().contains("its budget of 3 attempts is spent"), spent.getMessage());
            assertTrue(spent.getCause() instanceof IOException);
            assertEquals(3, calls.size());

            for (int later = 0; later < 3; later++) {
                harness.clock.advance(Duration.ofHours(2));
                assertThrows(StepIndeterminateException.class, () -> harness.steps.run(CHARGE, owner, this::charged));
            }
            assertEquals(3, calls.size(), "never called again by itself");
            StoredStep row = harness.row(calls.get(0)).orElseThrow();
            assertEquals(StepState.INDETERMINATE, row.state());
            assertEquals(3, row.attempts());
            assertTrue(row.lastError().contains("provider answered 503"), row.lastError());
        }
    }

    @ParameterizedTest
    @EnumSource(StepDatabase.class)
    void aStepIsNotCalledAfterItsRetryWindow(StepDatabase database) throws Exception {
        try (StepHarness harness = new StepHarness(database)) {
            StepDefinition<Receipt> brief = CHARGE.maxAttempts(100).retryWindow(Duration.ofSeconds(5));
            StepOwner owner = owner();
            assertThrows(StepRetryLaterException.class, () -> harness.steps.run(brief, owner, this::unavailable));
            harness.clock.advance(Duration.ofSeconds(2));
            // The next delay (4 s) would end after the window (5 s from the first attempt): given up now.
            StepIndeterminateException late = assertThrows(StepIndeterminateException.class,
                    () -> harness.steps.run(brief, owner, this::unavailable));
            assertTrue(late.getMessage().contains("retry window of PT5S"), late.getMessage());
            assertEquals(2, calls.size());
        }
    }

    @ParameterizedTest
    @EnumSource(StepDatabase.class)
    void aStepThatCrashedIsGivenUpWithoutCallingOnceItsBudgetIsSpent(StepDatabase database) throws Exception {
        try (StepHarness harness = new StepHarness(database)) {
            StepDefinition<Receipt> once = CHARGE.maxAttempts(1);
            StepOwner owner = owner();
            // An attempt that never writes its answer, as a worker killed in the call leaves it.
            assertThrows(OutOfMemoryError.class, () -> harness.steps.run(once, owner, key -> {
                calls.add(key);
                throw new OutOfMemoryError("the worker died in the call");
            }));
            StoredStep crashed = harness.row(calls.get(0)).orElseThrow();
            assertEquals(StepState.STARTED, crashed.state());
            assertTrue(crashed.isLeasedAt(harness.clock.instant()));

            assertThrows(StepBusyException.class, () -> harness.steps.run(once, owner, this::charged));
            harness.clock.advance(StepHarness.POLICY.lease());
            StepIndeterminateException given = assertThrows(StepIndeterminateException.class,
                    () -> harness.steps.run(once, owner, this::charged));
            assertTrue(given.getMessage().contains("without calling"), given.getMessage());
            assertEquals(1, calls.size());
            assertEquals(StepState.INDETERMINATE, harness.row(calls.get(0)).orElseThrow().state());
        }
    }

    @ParameterizedTest
    @EnumSource(StepDatabase.class)
    void aStepRunInsideATransactionIsRefusedBeforeAnythingIsWrittenOrCalled(StepDatabase database) throws Exception {
        try (StepHarness harness = new StepHarness(database)) {
            StepInTransactionException refused = assertThrows(StepInTransactionException.class,
                    () -> harness.transactions.inTransaction(() -> harness.steps.run(CHARGE, owner(),
                            this::charged)));
            assertTrue(refused.getMessage().contains("inside a transaction"), refused.getMessage());
            assertTrue(calls.isEmpty());
            assertEquals(0, harness.rowCount());
        }
    }

    @ParameterizedTest
    @EnumSource(StepDatabase.class)
    void aStepWithoutResultReturnsNothingAndIsNotCalledAgain(StepDatabase database) throws Exception {
        try (StepHarness harness = new StepHarness(database)) {
            StepDefinition<Void> mail = StepDefinition.withoutResult("mail.send");
            StepOwner owner = owner();
            StepCall<Void> send = key -> {
                calls.add(key);
                return null;
            };
            assertNull(harness.steps.run(mail, owner, send));
            assertNull(harness.steps.run(mail, owner, send));
            assertEquals(1, calls.size());
        }
    }

    @ParameterizedTest
    @EnumSource(StepDatabase.class)
    void aResultThatCannotBeEncodedMakesTheStepIndeterminate(StepDatabase database) throws Exception {
        try (StepHarness harness = new StepHarness(database)) {
            StepDefinition<Unencodable> opaque = StepDefinition.of("provider.opaque", Unencodable.class);
            StepOwner owner = owner();
            StepIndeterminateException unrecordable = assertThrows(StepIndeterminateException.class,
                    () -> harness.steps.run(opaque, owner, key -> {
                        calls.add(key);
                        return new Unencodable();
                    }));
            assertTrue(unrecordable.getMessage().contains("could not be encoded"), unrecordable.getMessage());
            assertEquals(StepState.INDETERMINATE, harness.row(calls.get(0)).orElseThrow().state());
            assertThrows(StepIndeterminateException.class,
                    () -> harness.steps.run(opaque, owner, key -> new Unencodable()));
            assertEquals(1, calls.size());
        }
    }

    @ParameterizedTest
    @EnumSource(StepDatabase.class)
    void theCallReadsItsDerivedKeyAndOnlyWhileItRuns(StepDatabase database) throws Exception {
        try (StepHarness harness = new StepHarness(database)) {
            StepOwner outer = owner();
            StepOwner inner = owner();
            List<String> seen = new CopyOnWriteArrayList<>();
            StepDefinition<String> notify = StepDefinition.of("notice.send", String.class);
            harness.steps.run(CHARGE, outer, key -> {
                seen.add(ExternalSteps.currentKey());
                // A step run from inside another's call (not in a transaction) sees its own key, then the outer's.
                harness.steps.run(notify, inner, innerKey -> seen.add(ExternalSteps.currentKey()) ? innerKey : "");
                seen.add(ExternalSteps.currentKey());
                return charged(key);
            });
            String outerKey = StepKey.of(outer, "provider.charge").derivedKey();
            assertEquals(List.of(outerKey, StepKey.of(inner, "notice.send").derivedKey(), outerKey), seen);
            assertFalse(ExternalSteps.currentKeyIfAny().isPresent());
            assertThrows(IllegalStateException.class, ExternalSteps::currentKey);
        }
    }
}
