package io.idempo.example.plainjava;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A placed order, as the shop stores it; {@code paidCents} grows when the provider reports a settled payment. */
@Entity
@Table(name = "shop_order")
public class ShopOrder {

    @Id
    private String id;
    @Column(name = "order_key", nullable = false)
    private String orderKey;
    @Column(nullable = false)
    private String product;
    @Column(nullable = false)
    private int quantity;
    @Column(name = "amount_cents", nullable = false)
    private long amountCents;
    @Column(nullable = false)
    private String payment;
    @Column(name = "paid_cents", nullable = false)
    private long paidCents;

    protected ShopOrder() {
        // for JPA
    }

    public ShopOrder(String id, String orderKey, OrderRequest request, String payment) {
        this.id = id;
        this.orderKey = orderKey;
        this.product = request.product();
        this.quantity = request.quantity();
        this.amountCents = request.amountCents();
        this.payment = payment;
    }

    public Order toOrder() {
        return new Order(id, product, quantity, amountCents, payment);
    }

    public long paidCents() {
        return paidCents;
    }
}
