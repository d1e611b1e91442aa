package io.idempo.example.receipts;

import io.idempo.example.web.InvalidRequestException;

/** The body of {@code POST /api/orders/{id}/receipts}: where to send the receipt. */
public record ReceiptRequest(String email) {

    public void validate() {
        if (email == null || !email.matches("[^@\\s]+@[^@\\s]+")) {
            throw new InvalidRequestException("email must be an e-mail address");
        }
    }
}
