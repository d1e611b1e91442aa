package io.idempo.example.receipts;

/** A receipt the simulated mailer sent. */
public record Receipt(String id, long orderId, String email, String status) {
}
