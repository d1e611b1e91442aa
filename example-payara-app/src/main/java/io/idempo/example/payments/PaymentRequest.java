package io.idempo.example.payments;

import io.idempo.example.web.InvalidRequestException;

/**
 * The body of {@code POST /api/orders/{id}/payments}.
 *
 * @param amount the amount to capture in minor units (cents); must equal the order's
 */
public record PaymentRequest(Long amount) {

    public void validate() {
        if (amount == null || amount <= 0) {
            throw new InvalidRequestException("amount must be a positive number of minor units (cents)");
        }
    }
}
