package io.idempo.benchmarks;

import io.idempo.IdempotencyKey;
import io.idempo.Idempotent;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The request shapes the fingerprint benchmarks encode, and the service whose {@code @Idempotent} methods make the
 * processor generate their fingerprinters (the code under test).
 */
public final class Shapes {

    /** About 200 bytes: a typical "place order" body. */
    public record OrderRequest(long productId, int quantity, BigDecimal amount, String currency, String customerId,
                               String channel, String note) {
    }

    public record Address(String street, String city, String postcode, String country) {
    }

    public record Customer(String id, String name, String email, Address billing, Address shipping) {
    }

    public record Line(String sku, String description, int quantity, BigDecimal unitPrice) {
    }

    /** About 2 KB: a checkout with a customer, ten lines and attributes. */
    public record Checkout(String cartId, Customer customer, List<Line> lines, Map<String, String> attributes,
                           Instant createdAt, BigDecimal total) {
    }

    /** A hundred lines. */
    public record Batch(String batchId, List<Line> lines) {
    }

    /** The generated fingerprinters come from these methods. */
    public static class Service {
        @Idempotent(action = "bench.small")
        public String small(OrderRequest request, @IdempotencyKey String key) {
            return key;
        }

        @Idempotent(action = "bench.nested")
        public String nested(Checkout checkout, @IdempotencyKey String key) {
            return key;
        }

        @Idempotent(action = "bench.collection")
        public String collection(Batch batch, @IdempotencyKey String key) {
            return key;
        }
    }

    private Shapes() {
    }

    public static OrderRequest small(boolean nonAscii) {
        return new OrderRequest(1001L, 2, new BigDecimal("199.00"), "EUR", "customer-000042",
                nonAscii ? "微信支付" : "web", nonAscii ? "请在门口放下，谢谢 — naïve café ☕" : "please leave at the door");
    }

    static Checkout nested(boolean nonAscii) {
        Address address = new Address(nonAscii ? "中关村大街 27 号" : "27 Main Street", nonAscii ? "北京" : "Springfield",
                "100080", "CN");
        Customer customer = new Customer("customer-000042", nonAscii ? "张伟" : "Jane Doe", "jane@example.com", address,
                address);
        Map<String, String> attributes = new LinkedHashMap<>();
        for (int i = 0; i < 8; i++) {
            attributes.put("attribute-" + i, (nonAscii ? "值-" : "value-") + i);
        }
        return new Checkout("cart-7f3a9c", customer, lines(10, nonAscii), attributes,
                Instant.parse("2026-11-30T08:15:30Z"), new BigDecimal("1234.50"));
    }

    static Batch collection(boolean nonAscii) {
        return new Batch("batch-0001", lines(100, nonAscii));
    }

    private static List<Line> lines(int count, boolean nonAscii) {
        List<Line> lines = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            lines.add(new Line("SKU-" + (10_000 + i), (nonAscii ? "有机绿茶 " : "Organic green tea ") + i, 1 + i % 5,
                    new BigDecimal("4.5" + i % 10)));
        }
        return lines;
    }
}
