package io.idempo.example.callbacks;

import java.time.Instant;

/** The answer to a callback, the same for every repetition of it. */
public record CallbackResult(long ledgerEntryId, String channelTxnId, long orderId, long amount,
                             CallbackStatus status, Instant settledAt) {

    public static CallbackResult of(LedgerEntry entry) {
        return new CallbackResult(entry.getId(), entry.getChannelTxnId(), entry.getOrderId(), entry.getAmount(),
                entry.getCallbackStatus(), Instant.ofEpochMilli(entry.getCreatedAt()));
    }
}
