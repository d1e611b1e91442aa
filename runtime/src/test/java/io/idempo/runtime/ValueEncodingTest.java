package io.idempo.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.IdempotencyKey;
import io.idempo.Idempotent;
import io.idempo.plan.Fingerprint;
import io.idempo.plan.MethodPlans;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The run-time encoding of {@link IdempotentOperation} against the processor's generated code. */
class ValueEncodingTest {

    private static final IdempotentOperation<String> OPERATION = IdempotentOperation.of("orders.check", String.class);

    /** A method the test build's processor plans: the run-time encoding must match its generated fingerprint. */
    public static class Orders {
        public record OrderRequest(long productId, int quantity, BigDecimal amount) {
        }

        @Idempotent(action = "orders.create")
        public String place(OrderRequest request, @IdempotencyKey String key) {
            return key;
        }
    }

    @Test
    void aRecordEncodesToTheBytesTheGeneratedCodeWrites() throws NoSuchMethodException {
        Orders.OrderRequest request = new Orders.OrderRequest(42, 3, new BigDecimal("10.50"));
        Fingerprint generated = MethodPlans.forMethod(Orders.class.getMethod("place", Orders.OrderRequest.class,
                String.class)).fingerprint(new Object[] {request, "key-1234"});
        Fingerprint atRunTime = fingerprint(Map.of("request", request));
        assertEquals(generated.digest(), atRunTime.digest());
    }

    @Test
    void setsAndMapsEncodeAlikeWhateverTheirIterationOrder() {
        assertEquals(fingerprint(Map.of("tags", Set.of("b", "a", "c"))).digest(),
                fingerprint(Map.of("tags", new java.util.TreeSet<>(List.of("c", "b", "a")))).digest());
    }

    @Test
    void floatingPointIsRefusedWithP011UnlessAllowed() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> fingerprint(Map.of("amount", 1.5d)));
        assertTrue(refused.getMessage().startsWith("[IDEM-P011] fingerprint field 'amount'"), refused.getMessage());
        OPERATION.allowFloatingPoint().invocation("key-1234", Map.of("amount", 1.5d), () -> "")
                .plan().fingerprint(new Object[0]);
    }

    @Test
    void aTypeWithoutCanonicalEncodingIsRefusedWithP010NamingThePath() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> fingerprint(Map.of("order", Map.of("owner", new Object()))));
        assertTrue(refused.getMessage().startsWith("[IDEM-P010] fingerprint field 'order{}' has type java.lang.Object"),
                refused.getMessage());
    }

    private static Fingerprint fingerprint(Object source) {
        return OPERATION.invocation("key-1234", source, () -> "").plan().fingerprint(new Object[0]);
    }
}
