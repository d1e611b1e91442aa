package io.idempo.example.callbacks;

import io.idempo.example.web.InvalidRequestException;

/**
 * The body a payment channel posts to {@code /api/payment-callbacks}. Providers send no key of ours; the channel's
 * transaction id and the status it reports are the natural key of a callback, and the whole body is its fingerprint.
 *
 * @param channelTxnId the channel's transaction
 * @param orderId      our order
 * @param amount       in minor units (cents)
 * @param status       SUCCESS or FAILED
 */
public record PaymentCallback(String channelTxnId, Long orderId, Long amount, CallbackStatus status) {

    /** The key template admits only these characters (and the record key at most 255 of them). */
    private static final String TXN_ID = "[A-Za-z0-9_.:-]{1,64}";

    public void validate() {
        if (channelTxnId == null || !channelTxnId.matches(TXN_ID)) {
            throw new InvalidRequestException("channelTxnId must be 1 to 64 characters of [A-Za-z0-9_.:-]");
        }
        if (orderId == null || orderId <= 0) {
            throw new InvalidRequestException("orderId must be a positive number");
        }
        if (amount == null || amount <= 0) {
            throw new InvalidRequestException("amount must be a positive number of minor units (cents)");
        }
        if (status == null) {
            throw new InvalidRequestException("status must be SUCCESS or FAILED");
        }
    }
}
