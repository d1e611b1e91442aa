package io.idempo.runtime.step;

/**
 * What a charge step stores and replays: the provider's charge as the application reads it. Public, as a result type
 * the JSON-B codec encodes must be.
 */
public record Receipt(String chargeId, long amount) {
}
