package com.example.shop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.idempo.plan.MethodPlan;
import io.idempo.plan.MethodPlans;
import org.junit.jupiter.api.Test;

/** The plans of methods taking Immutables and AutoValue types fingerprint them as records of the same shape. */
class ValueTypePlansTest {

    private static MethodPlan plan(String name, Class<?> parameter) throws NoSuchMethodException {
        return MethodPlans.forMethod(OrderService.class.getMethod(name, parameter));
    }

    private static String digest(MethodPlan plan, Object argument) {
        return plan.fingerprint(new Object[] {argument}).digest();
    }

    @Test
    void immutablesDraftIsFingerprintedByItsSku() throws Exception {
        MethodPlan place = plan("place", ImmutableOrderDraft.class);
        MethodPlan plain = plan("placePlain", OrderService.PlainDraft.class);
        ImmutableOrderDraft draft = ImmutableOrderDraft.builder().sku("TEA-1").quantity(2).build();
        assertEquals(plain.fingerprintVersion(), place.fingerprintVersion());
        assertEquals(digest(plain, new OrderService.PlainDraft("TEA-1", 7)), digest(place, draft));
        assertEquals(digest(place, draft), digest(place, draft.withQuantity(5)));
        assertNotEquals(digest(place, draft), digest(place, draft.withSku("CUP-9")));
    }

    @Test
    void autoValueMoneyIsFingerprintedWholeAndKeyedByItsCurrency() throws Exception {
        MethodPlan capture = plan("capture", Money.class);
        MethodPlan plain = plan("capturePlain", OrderService.PlainMoney.class);
        Money amount = Money.of("EUR", 1999);
        assertEquals(plain.fingerprintVersion(), capture.fingerprintVersion());
        assertEquals(digest(plain, new OrderService.PlainMoney("EUR", 1999)), digest(capture, amount));
        assertNotEquals(digest(capture, amount), digest(capture, Money.of("EUR", 2000)));
        assertEquals("EUR:capture", capture.renderKey(new Object[] {amount}));
    }
}
