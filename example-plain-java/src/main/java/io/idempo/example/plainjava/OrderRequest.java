package io.idempo.example.plainjava;

/** What a client asks for; every component is part of the fingerprint. Money in cents: never binary floating point. */
public record OrderRequest(String product, int quantity, long amountCents) {
}
