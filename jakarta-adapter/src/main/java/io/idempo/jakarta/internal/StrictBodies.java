package io.idempo.jakarta.internal;

/**
 * The strict request bodies, on with {@code idempo.body.strict=true} ({@link BodySizeLimit},
 * {@link StrictJsonBinding}): the fingerprint is taken from the arguments JAX-RS bound, so two different bodies must never bind to the same
 * arguments, or the second is answered as a replay of the first.
 *
 * @param maxBytes the largest request body accepted ({@code idempo.body.max-bytes})
 */
record StrictBodies(int maxBytes) {

    /** Whether a body of {@code bytes} is beyond the limit. */
    boolean tooLarge(long bytes) {
        return bytes > maxBytes;
    }
}
