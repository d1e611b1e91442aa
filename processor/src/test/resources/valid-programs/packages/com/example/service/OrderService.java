package com.example.service;

import com.example.model.Order;
import io.idempo.Idempotent;
import org.example.billing.Invoice;

/** A service in a third package, and its nested service classes. */
public class OrderService {

    @Idempotent(action = "orders.place", key = "{order.id}")
    public String place(Order order, Invoice invoice) {
        return order.id();
    }

    public static class Admin {
        @Idempotent(action = "orders.admin.close", fingerprint = {"order.customer.name", "invoice.total"})
        public String close(Order order, Invoice invoice) {
            return order.id();
        }

        public static class Audit {
            @Idempotent(action = "orders.admin.audit")
            public String audit(Order.Line line) {
                return line.sku();
            }
        }
    }
}
