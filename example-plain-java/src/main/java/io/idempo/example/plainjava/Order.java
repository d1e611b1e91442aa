package io.idempo.example.plainjava;

/** The answer to a placed order: stored as JSON with the record and returned to every duplicate. */
public record Order(String id, String product, int quantity, long amountCents, String payment) {
}
