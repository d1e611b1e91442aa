package io.idempo.example.payments;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A captured payment of one order. */
@Entity
@Table(name = "shop_payments")
public class Payment {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @Column(name = "order_id", nullable = false)
    private long orderId;

    /** In minor units (cents). */
    @Column(nullable = false)
    private long amount;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private PaymentStatus status;

    /** The payment channel's transaction, which its callbacks name. */
    @Column(name = "channel_txn_id", nullable = false, length = 64)
    private String channelTxnId;

    @Column(name = "created_by", nullable = false)
    private String createdBy;

    /** Epoch milliseconds. */
    @Column(name = "created_at", nullable = false)
    private long createdAt;

    protected Payment() {
    }

    public Payment(long orderId, long amount, String channelTxnId, String createdBy, long createdAt) {
        this.orderId = orderId;
        this.amount = amount;
        this.channelTxnId = channelTxnId;
        this.createdBy = createdBy;
        this.createdAt = createdAt;
        this.status = PaymentStatus.PAID;
    }

    public Long getId() {
        return id;
    }

    public long getOrderId() {
        return orderId;
    }

    public long getAmount() {
        return amount;
    }

    public PaymentStatus getStatus() {
        return status;
    }

    public String getChannelTxnId() {
        return channelTxnId;
    }

    public long getCreatedAt() {
        return createdAt;
    }
}
