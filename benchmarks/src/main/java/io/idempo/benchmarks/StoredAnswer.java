package io.idempo.benchmarks;

import io.idempo.plan.Fingerprint;
import io.idempo.runtime.spi.CompletedCall;
import io.idempo.runtime.spi.StoredOutcome;

/**
 * A realistic completed call as the claim store keeps it: the small order request's real fingerprint and field
 * digests, and a JAX-RS 201 as the adapter's response codec stores it (status, Location and Content-Type, the
 * entity's type and its JSON, about 200 bytes).
 */
final class StoredAnswer {

    private static final String ENTITY = "{\"id\":\"ord_7f3a9c2e41\",\"status\":\"ACCEPTED\",\"productId\":48213,"
            + "\"quantity\":3,\"amount\":\"149.70\",\"currency\":\"EUR\",\"customerId\":\"cus_0192af\","
            + "\"createdAt\":\"2026-12-01T09:15:30.123Z\",\"estimatedDelivery\":\"2026-12-04\"}";

    private StoredAnswer() {
    }

    static CompletedCall created() {
        Fingerprint fingerprint = new Shapes_Service_Idempotency().plans().get(0)
                .fingerprint(new Object[] {Shapes.small(false), "key-00000001"});
        String response = "{\"status\":201,\"headers\":{\"Location\":[\"/orders/ord_7f3a9c2e41\"],"
                + "\"Content-Type\":[\"application/json\"]},\"entityType\":\"com.example.shop.OrderReceipt\","
                + "\"entity\":\"" + ENTITY.replace("\"", "\\\"") + "\"}";
        return new CompletedCall(fingerprint.digest(), fingerprint.fieldDigests(),
                new StoredOutcome(StoredOutcome.Kind.RESULT, response));
    }

    /** The entity's size in bytes (ASCII). */
    static int entityBytes() {
        return ENTITY.length();
    }
}
