package com.example.shop;

import io.idempo.FingerprintExclude;
import io.idempo.IdempotencyScope;
import io.idempo.Idempotent;
import java.math.BigDecimal;
import java.util.List;
import java.util.Set;

public class OrderService {

    public record OrderRequest(long productId, int quantity, BigDecimal amount, Set<String> coupons,
                               List<Line> lines, @FingerprintExclude String clientTime) {
    }

    public record Line(String sku, int quantity) {
    }

    public record PaymentCallback(String channelTxnId, long orderId, BigDecimal amount, Status status) {
        public enum Status { SUCCESS, FAILED }
    }

    /** The key comes from the Idempotency-Key header; the fingerprint covers the whole request. */
    @Idempotent(action = "orders.create", ttl = "PT30M")
    public Order placeOrder(OrderRequest request, @IdempotencyScope String user) {
        return new Order();
    }

    /** Providers do not send our header: the key is built from the callback itself. */
    @Idempotent(action = "payments.callback", key = "{callback.channelTxnId}:settle", ttl = "PT6H",
            fingerprint = {"callback.orderId", "callback.amount", "callback.status"})
    public Order settle(PaymentCallback callback) {
        return new Order();
    }

    public static class Order {
    }
}
