package io.idempo.example.orders;

import io.idempo.example.web.InvalidRequestException;

/**
 * The body of {@code POST /api/orders}. Boxed types, so that a missing field arrives as null and is refused with
 * 400 instead of silently becoming 0. The whole request is the fingerprint: the same key with another product,
 * quantity or amount is refused (422) instead of replaying an answer to a different question.
 *
 * @param productId the product
 * @param quantity  how many, at least 1
 * @param amount    the total in minor units (cents), at least 1
 */
public record OrderRequest(Long productId, Integer quantity, Long amount) {

    /** Refuses a request the shop cannot take, before any idempotency work. */
    public void validate() {
        if (productId == null || productId <= 0) {
            throw new InvalidRequestException("productId must be a positive number");
        }
        if (quantity == null || quantity <= 0) {
            throw new InvalidRequestException("quantity must be at least 1");
        }
        if (amount == null || amount <= 0) {
            throw new InvalidRequestException("amount must be a positive number of minor units (cents)");
        }
    }
}
