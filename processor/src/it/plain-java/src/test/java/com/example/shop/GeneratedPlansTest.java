package com.example.shop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.plan.MethodPlan;
import io.idempo.plan.MethodPlans;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Runs the code the processor generated in this ordinary Maven build. */
class GeneratedPlansTest {

    private static MethodPlan plan(Class<?> type, String name, Class<?>... parameters) throws NoSuchMethodException {
        return MethodPlans.forMethod(type.getMethod(name, parameters));
    }

    @Test
    void placeOrderFingerprintsTheDeclaredFieldsOnly() throws Exception {
        MethodPlan plan = plan(OrderService.class, "placeOrder", OrderRequest.class, String.class, String.class);
        assertEquals("orders.create", plan.action());
        assertEquals(Duration.ofMinutes(30), plan.ttl().orElseThrow());
        assertEquals(1, plan.keyParameter());
        assertEquals(2, plan.scopeParameter());
        assertTrue(plan.storesException(new OrderService.OutOfStockException("sold out")));

        OrderRequest first = new OrderRequest(1001, 2, new BigDecimal("199.00"), List.of(), "10:00");
        OrderRequest sameButQuantityAndTime = new OrderRequest(1001, 5, new BigDecimal("199"), null, "10:01");
        OrderRequest otherAmount = new OrderRequest(1001, 2, new BigDecimal("299.00"), List.of(), "10:00");
        String digest = plan.fingerprint(new Object[] {first, "key-00000001", "alice"}).digest();
        assertEquals(digest, plan.fingerprint(new Object[] {sameButQuantityAndTime, "other-key", "bob"}).digest());
        assertNotEquals(digest, plan.fingerprint(new Object[] {otherAmount, "key-00000001", "alice"}).digest());

        Map<String, String> before = plan.fingerprint(new Object[] {first, "k", "u"}).fieldDigests();
        Map<String, String> after = plan.fingerprint(new Object[] {otherAmount, "k", "u"}).fieldDigests();
        assertEquals(before.get("request.productId"), after.get("request.productId"));
        assertNotEquals(before.get("request.amount"), after.get("request.amount"));
    }

    @Test
    void callbackKeyComesFromTheTemplate() throws Exception {
        MethodPlan plan = plan(OrderService.class, "settle", OrderService.PaymentCallback.class);
        assertEquals("TX-42:settle", plan.renderKey(new Object[] {new OrderService.PaymentCallback("TX-42", 7)}));
        assertNull(plan.renderKey(new Object[] {new OrderService.PaymentCallback(null, 7)}));
        assertNull(plan.renderKey(new Object[] {null}));
    }

    @Test
    void voidMethodsDeclareNoResult() throws Exception {
        assertTrue(plan(OrderService.class, "printLabel", OrderRequest.class, String.class).noResult());
    }

    @Test
    void genericParametersAreFingerprintedWhateverTheMapImplementation() throws Exception {
        MethodPlan plan = plan(OrderService.class, "note", Map.class, String.class);
        Map<String, List<OrderRequest.Line>> lines = Map.of("b", List.of(new OrderRequest.Line("x", 1)),
                "a", List.of());
        assertEquals(plan.fingerprint(new Object[] {lines, "k"}).digest(),
                plan.fingerprint(new Object[] {new TreeMap<>(lines), "k"}).digest());
    }

    @Test
    void innerClassesGetTheirOwnPlans() throws Exception {
        MethodPlan plan = plan(OrderService.Audit.class, "record", OrderRequest.Line.class, String.class);
        assertEquals("orders.audit", plan.action());
        assertEquals("com.example.shop.OrderService_Audit_Idempotency",
                MethodPlans.generatedClassName(OrderService.Audit.class));
    }
}
