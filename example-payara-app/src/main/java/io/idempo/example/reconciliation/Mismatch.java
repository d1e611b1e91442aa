package io.idempo.example.reconciliation;

/**
 * One inconsistency between the business tables and the idempotency records.
 *
 * @param kind   {@code order-paid-twice}, {@code callback-booked-twice}, {@code job-slot-run-twice},
 *               {@code order-without-record}, {@code payment-without-record}, {@code ledger-entry-without-record},
 *               {@code job-run-without-record}, {@code record-without-business-row}, {@code event-effect-twice} or
 *               {@code event-not-published}
 * @param detail which rows, by id, never by value
 */
public record Mismatch(String kind, String detail) {
}
