package io.idempo.processor.golden;

import io.idempo.FingerprintExclude;
import io.idempo.IdempotencyKey;
import io.idempo.IdempotencyScope;
import io.idempo.Idempotent;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** A fixture compiled by the processor during the test build; the golden vectors run its generated code. */
public class CheckoutService {

    public enum Channel { WEB, APP, POS }

    public record Address(String street, String city, String country) {
    }

    public record LineItem(String sku, int quantity, BigDecimal unitPrice, Set<String> tags) {
    }

    public record Order(long customerId, String note, BigDecimal total, Instant placedAt, LocalDate deliveryDate,
                        UUID cartId, Channel channel, Set<Channel> channels, List<LineItem> items,
                        Map<String, Long> counters, Map<Channel, List<String>> notesByChannel,
                        Optional<Address> shipping, byte[] signature, Set<LineItem> gifts,
                        @FingerprintExclude String traceId) {
    }

    /** A JavaBean with getters, a public field and a superclass property. */
    public static class Payment extends Audited {
        private final String orderNo;
        private final BigDecimal amount;
        public String currency;

        public Payment(String orderNo, BigDecimal amount, String currency, String createdBy) {
            super(createdBy);
            this.orderNo = orderNo;
            this.amount = amount;
            this.currency = currency;
        }

        public String getOrderNo() {
            return orderNo;
        }

        public BigDecimal getAmount() {
            return amount;
        }
    }

    public static class Audited {
        private final String createdBy;

        Audited(String createdBy) {
            this.createdBy = createdBy;
        }

        public String getCreatedBy() {
            return createdBy;
        }
    }

    @Idempotent(action = "golden.order", ttl = "PT30M")
    public String place(Order order, @IdempotencyKey String key, @IdempotencyScope String tenant) {
        return "placed";
    }

    @Idempotent(action = "golden.pay", key = "{payment.orderNo}:pay", fingerprint = {"payment.amount",
            "payment.currency"}, ttl = "PT24H")
    public String pay(Payment payment) {
        return "paid";
    }

    @Idempotent(action = "golden.audit")
    public Payment audit(Payment payment, @IdempotencyKey String key) {
        return payment;
    }
}
