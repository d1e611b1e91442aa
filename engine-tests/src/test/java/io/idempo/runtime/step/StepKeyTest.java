package io.idempo.runtime.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.plan.Rules;
import io.idempo.runtime.RecordKey;
import org.junit.jupiter.api.Test;

/**
 * The derived key is a format providers and operators rely on: pinned by golden vectors (computed by an implementation
 * of the documented format outside Java), 45 characters of the key character set, one per owner and step name.
 */
class StepKeyTest {

    private static final StepOwner EVENT = StepOwner.event("9d3c6f0e-8a1b-4f7c-9e2d-5b6a7c8d9e0f");

    @Test
    void theDerivedKeyOfAnEventsStepIsPinned() {
        assertEquals("idem-f37c25f7557b16581ab9ca1948aa960a21ddfa78",
                StepKey.of(EVENT, "provider.charge").derivedKey());
    }

    @Test
    void theDerivedKeyOfACallsStepIsPinned() {
        RecordKey call = new RecordKey("payments.create", "alice", "order-20260413001-pay");
        assertEquals("6ce2ff12afab02867858098e43c7c9d7f0088c0d4e11b239f2d9efa9653236b5", call.hash());
        assertEquals("idem-5b6f3a855153297a4ae0f2608f9bc40b04eaddb9",
                StepKey.of(StepOwner.call(call), "provider.charge").derivedKey());
    }

    @Test
    void everyDerivedKeyFitsEveryProvidersIdempotencyKey() {
        String key = StepKey.of(EVENT, "provider.charge").derivedKey();
        assertEquals(StepKey.LENGTH, key.length());
        assertEquals(45, key.length());
        assertTrue(key.length() <= 64, "Adyen's limit");
        assertTrue(Rules.isKeyLiteral(key), "the Idempotency-Key character set");
        assertEquals(key, StepKey.requireDerivedKey(key));
    }

    @Test
    void ownersAndNamesThatSplitTheSameCharactersDifferentlyGetDifferentKeys() {
        assertEquals("idem-1829dd7b99da51f1f435c922b21728a0a69d1ca2",
                StepKey.of(StepOwner.event("ab"), "c.d").derivedKey());
        assertEquals("idem-96345ef00267432260d59df1047fc4d053c1c042",
                StepKey.of(StepOwner.event("a"), "bc.d").derivedKey());
        assertNotEquals(StepKey.of(EVENT, "provider.charge").derivedKey(),
                StepKey.of(EVENT, "provider.refund").derivedKey());
    }

    @Test
    void ownersReadBackFromTheirTextForm() {
        RecordKey call = new RecordKey("payments.create", "", "k-00000001");
        assertEquals(StepOwner.call(call), StepOwner.parse("call:" + call.hash()));
        assertEquals(EVENT, StepOwner.parse(EVENT.text()));
        assertEquals("event:9d3c6f0e-8a1b-4f7c-9e2d-5b6a7c8d9e0f", EVENT.text());
    }

    @Test
    void malformedOwnersNamesAndKeysAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> StepOwner.event("with space"));
        assertThrows(IllegalArgumentException.class, () -> StepOwner.event(""));
        assertThrows(IllegalArgumentException.class, () -> StepOwner.event("x".repeat(256)));
        assertThrows(IllegalArgumentException.class, () -> new StepOwner(StepOwner.Kind.CALL, "ABC"));
        assertThrows(IllegalArgumentException.class, () -> StepOwner.parse("job:42"));
        IllegalArgumentException name = assertThrows(IllegalArgumentException.class,
                () -> StepKey.of(EVENT, "provider:charge"));
        assertTrue(name.getMessage().startsWith("[IDEM-P025]"), name.getMessage());
        assertThrows(IllegalArgumentException.class, () -> StepKey.requireDerivedKey("idem-XYZ"));
        assertThrows(IllegalArgumentException.class, () -> StepKey.requireDerivedKey(null));
    }
}
