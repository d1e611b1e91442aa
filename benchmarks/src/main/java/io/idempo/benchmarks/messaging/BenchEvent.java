package io.idempo.benchmarks.messaging;

/** The body of every benchmark message: a small event, bound from JSON like a provider's. */
public record BenchEvent(String reference, long amountCents) {
}
