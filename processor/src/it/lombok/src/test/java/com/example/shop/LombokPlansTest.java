package com.example.shop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.idempo.plan.MethodPlan;
import io.idempo.plan.MethodPlans;
import org.junit.jupiter.api.Test;

/** The plans of methods taking Lombok classes, found as the runtime finds them, fingerprint them as records. */
class LombokPlansTest {

    private static MethodPlan plan(String name, Class<?>... parameters) throws NoSuchMethodException {
        return MethodPlans.forMethod(OrderResource.class.getMethod(name, parameters));
    }

    @Test
    void validatedLombokBodyIsFingerprintedLikeARecord() throws Exception {
        MethodPlan create = plan("create", String.class, CreateOrder.class, int.class);
        MethodPlan plain = plan("createPlain", String.class, OrderResource.PlainOrder.class, int.class);
        assertEquals(plain.fingerprintVersion(), create.fingerprintVersion());
        String digest = create.fingerprint(new Object[] {"k-1", new CreateOrder("TEA-1", 2, true), 3}).digest();
        assertEquals(plain.fingerprint(new Object[] {"k-1", new OrderResource.PlainOrder("TEA-1", 2, true), 3})
                .digest(), digest);
        assertNotEquals(create.fingerprint(new Object[] {"k-1", new CreateOrder("CUP-9", 2, true), 3}).digest(),
                digest);
    }

    @Test
    void pathsAndKeyTemplatesReadLombokGetters() throws Exception {
        MethodPlan express = plan("express", CreateOrder.class);
        assertEquals(express.fingerprint(new Object[] {new CreateOrder("TEA-1", 2, true)}).digest(),
                express.fingerprint(new Object[] {new CreateOrder("TEA-1", 5, true)}).digest());
        MethodPlan ship = plan("ship", Shipment.class);
        Shipment shipment = Shipment.builder().trackingId("T-42").carrier("post").build();
        assertEquals("T-42:ship", ship.renderKey(new Object[] {shipment}));
    }
}
