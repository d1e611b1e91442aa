package io.idempo.runtime.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.Idempotency;
import io.idempo.runtime.aspect.IdempotentAspect;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The annotation form, woven: an {@code @ExternalStep} method runs the same protocol as {@link ExternalSteps#run},
 * with its owner from the {@code @ExternalStep.Owner} argument and its derived key in
 * {@link ExternalSteps#currentKey()} while its body runs.
 */
class AnnotatedStepsTest {

    private final PaymentGateway gateway = new PaymentGateway();

    @ParameterizedTest
    @EnumSource(StepDatabase.class)
    void aWovenStepCallsOnceWithItsDerivedKeyAndReplaysAfterwards(StepDatabase database) throws Exception {
        try (StepHarness harness = new StepHarness(database);
             Idempotency.Installation ignored = ExternalSteps.install(harness.steps)) {
            String eventId = UUID.randomUUID().toString();
            Receipt first = gateway.charge(eventId, 1990);
            assertEquals(first, gateway.charge(eventId, 1990));
            assertEquals(List.of(StepKey.of(StepOwner.event(eventId), "gateway.charge").derivedKey()), gateway.calls);

            String declinedEvent = UUID.randomUUID().toString();
            assertThrows(PaymentGateway.CardDeclinedException.class, () -> gateway.charge(declinedEvent, 0));
            PaymentGateway.CardDeclinedException replayed = assertThrows(PaymentGateway.CardDeclinedException.class,
                    () -> gateway.charge(declinedEvent, 0));
            assertEquals("card declined: amount 0", replayed.getMessage());
            assertEquals(2, gateway.calls.size());

            UUID notice = UUID.randomUUID();
            gateway.notifyCustomer(notice);
            gateway.notifyCustomer(notice);
            assertEquals(StepKey.of(StepOwner.event(notice.toString()), "gateway.notify").derivedKey(),
                    gateway.calls.get(2));
            assertEquals(3, gateway.calls.size());

            String statusEvent = UUID.randomUUID().toString();
            assertEquals("settled", PaymentGateway.status(statusEvent));
            assertEquals("settled", PaymentGateway.status(statusEvent));
            assertEquals(List.of(StepKey.of(StepOwner.event(statusEvent), "gateway.status").derivedKey()),
                    PaymentGateway.STATIC_CALLS.stream().filter(key -> key.equals(StepKey.of(
                            StepOwner.event(statusEvent), "gateway.status").derivedKey())).toList());
        }
    }

    @ParameterizedTest
    @EnumSource(StepDatabase.class)
    void aWovenStepOfAProviderThatIgnoresKeysAsksItsResolverBeforeCallingAgain(StepDatabase database)
            throws Exception {
        try (StepHarness harness = new StepHarness(database);
             Idempotency.Installation ignored = ExternalSteps.install(harness.steps)) {
            StepOwner owner = StepOwner.event(UUID.randomUUID().toString());
            String derivedKey = StepKey.of(owner, "gateway.refund").derivedKey();
            gateway.refundTimesOut = true;
            StepRetryLaterException retry = assertThrows(StepRetryLaterException.class,
                    () -> gateway.refund(500, owner));
            assertEquals(harness.clock.instant().plus(Duration.ofSeconds(5)), retry.retryAt(), "its own backoff");

            harness.clock.advance(Duration.ofSeconds(5));
            gateway.refundFound = StepResolution.done(new Receipt("re_found", -500));
            assertEquals(new Receipt("re_found", -500), gateway.refund(500, owner));
            assertEquals(List.of(derivedKey), gateway.calls, "not called again");
            assertEquals(List.of(derivedKey), gateway.resolverAsked);
        }
    }

    @ParameterizedTest
    @EnumSource(StepDatabase.class)
    void aWovenStepCalledInsideATransactionIsRefused(StepDatabase database) throws Exception {
        try (StepHarness harness = new StepHarness(database);
             Idempotency.Installation ignored = ExternalSteps.install(harness.steps)) {
            assertThrows(StepInTransactionException.class, () -> harness.transactions.inTransaction(
                    () -> gateway.charge(UUID.randomUUID().toString(), 1990)));
            assertTrue(gateway.calls.isEmpty());
            assertEquals(0, harness.rowCount());
        }
    }

    @Test
    void aWovenStepWithoutInstalledStepsIsRefusedAndTheAspectIsSeenByOtherDoors() throws Exception {
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> gateway.charge(UUID.randomUUID().toString(), 1990));
        assertTrue(refused.getMessage().contains("No ExternalSteps are installed"), refused.getMessage());
        assertTrue(gateway.calls.isEmpty());
        assertTrue(IdempotentAspect.isWovenInto(PaymentGateway.class.getMethod("charge", String.class, long.class)));
    }
}
