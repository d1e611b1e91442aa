package com.example.shop;

import io.idempo.IdempotencyKey;
import io.idempo.IdempotencyScope;
import io.idempo.Idempotent;
import java.util.List;
import java.util.Map;
import java.util.Optional;

public class OrderService<T extends CharSequence> {

    public static class PaymentCallback {
        private final String channelTxnId;
        private final long orderId;

        public PaymentCallback(String channelTxnId, long orderId) {
            this.channelTxnId = channelTxnId;
            this.orderId = orderId;
        }

        public String getChannelTxnId() {
            return channelTxnId;
        }

        public long getOrderId() {
            return orderId;
        }
    }

    public static class OutOfStockException extends Exception {
        private static final long serialVersionUID = 1L;

        public OutOfStockException(String message) {
            super(message);
        }
    }

    @Idempotent(action = "orders.create", ttl = "PT30M", fingerprint = {"request.productId", "request.amount"},
            storeExceptions = OutOfStockException.class)
    public String placeOrder(OrderRequest request, @IdempotencyKey String key, @IdempotencyScope String user)
            throws OutOfStockException {
        return "order";
    }

    @Idempotent(action = "payments.callback", key = "{callback.channelTxnId}:settle", ttl = "PT6H")
    public List<Map<String, Long>> settle(PaymentCallback callback) {
        return List.of();
    }

    @Idempotent(action = "orders.label", noResult = true)
    public void printLabel(OrderRequest request, @IdempotencyKey String key) {
    }

    @Idempotent(action = "orders.note")
    public Optional<T> note(Map<String, List<OrderRequest.Line>> lines, @IdempotencyKey String key) {
        return Optional.empty();
    }

    /** An inner (non-static) class: generated as OrderService_Audit_Idempotency. */
    public class Audit {
        @Idempotent(action = "orders.audit")
        public String record(OrderRequest.Line line, @IdempotencyKey String key) {
            return line.sku();
        }
    }
}
