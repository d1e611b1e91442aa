package io.idempo.example.callbacks;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** One settled callback of the payment channel: the books must have exactly one per transaction and status. */
@Entity
@Table(name = "shop_ledger_entries")
public class LedgerEntry {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @Column(name = "channel_txn_id", nullable = false, length = 64)
    private String channelTxnId;

    @Column(name = "order_id", nullable = false)
    private long orderId;

    /** In minor units (cents). */
    @Column(nullable = false)
    private long amount;

    @Enumerated(EnumType.STRING)
    @Column(name = "callback_status", nullable = false, length = 16)
    private CallbackStatus callbackStatus;

    @Column(nullable = false, length = 64)
    private String provider;

    /** Epoch milliseconds. */
    @Column(name = "created_at", nullable = false)
    private long createdAt;

    protected LedgerEntry() {
    }

    public LedgerEntry(String channelTxnId, long orderId, long amount, CallbackStatus callbackStatus, String provider,
                       long createdAt) {
        this.channelTxnId = channelTxnId;
        this.orderId = orderId;
        this.amount = amount;
        this.callbackStatus = callbackStatus;
        this.provider = provider;
        this.createdAt = createdAt;
    }

    public Long getId() {
        return id;
    }

    public String getChannelTxnId() {
        return channelTxnId;
    }

    public long getOrderId() {
        return orderId;
    }

    public long getAmount() {
        return amount;
    }

    public CallbackStatus getCallbackStatus() {
        return callbackStatus;
    }

    public long getCreatedAt() {
        return createdAt;
    }
}
