package com.example.shop;

import io.idempo.Idempotent;

public class OrderService {

    /** The example: ImmutableOrderDraft only exists once Immutables has run. */
    @Idempotent(action = "orders.place", fingerprint = "draft.sku")
    public Receipt place(ImmutableOrderDraft draft) {
        return new Receipt(draft.sku());
    }

    /** The whole value, through its abstract type, with its currency in the key. */
    @Idempotent(action = "payments.capture", key = "{amount.currency}:capture")
    public Receipt capture(Money amount) {
        return new Receipt(amount.currency());
    }

    /** Records of the same shapes, for comparison. */
    public record PlainDraft(String sku, int quantity) {
    }

    public record PlainMoney(String currency, long cents) {
    }

    @Idempotent(action = "orders.placePlain", fingerprint = "draft.sku")
    public Receipt placePlain(PlainDraft draft) {
        return new Receipt(draft.sku());
    }

    @Idempotent(action = "payments.capturePlain", key = "{amount.currency}:capture")
    public Receipt capturePlain(PlainMoney amount) {
        return new Receipt(amount.currency());
    }
}
