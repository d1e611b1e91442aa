package io.idempo.example.orders;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/**
 * An order. The entity is named {@code ShopOrder} in JPQL because {@code ORDER} is a JPQL keyword; the mapping
 * uses only standard JPA 3.1, so it behaves alike on EclipseLink (Payara) and Hibernate (WildFly).
 */
@Entity(name = "ShopOrder")
@Table(name = "shop_orders")
public class Order {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @Column(name = "product_id", nullable = false)
    private long productId;

    @Column(nullable = false)
    private int quantity;

    /** In minor units (cents). */
    @Column(nullable = false)
    private long amount;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private OrderStatus status;

    @Column(name = "created_by", nullable = false)
    private String createdBy;

    /** Epoch milliseconds. */
    @Column(name = "created_at", nullable = false)
    private long createdAt;

    protected Order() {
    }

    public Order(long productId, int quantity, long amount, String createdBy, long createdAt) {
        this.productId = productId;
        this.quantity = quantity;
        this.amount = amount;
        this.createdBy = createdBy;
        this.createdAt = createdAt;
        this.status = OrderStatus.PENDING;
    }

    public Long getId() {
        return id;
    }

    public long getProductId() {
        return productId;
    }

    public int getQuantity() {
        return quantity;
    }

    public long getAmount() {
        return amount;
    }

    public OrderStatus getStatus() {
        return status;
    }

    public String getCreatedBy() {
        return createdBy;
    }

    public long getCreatedAt() {
        return createdAt;
    }
}
