package io.idempo.runtime.spi;

import java.lang.reflect.Type;

/**
 * Turns a first call's result into text that the record and the claim store keep, and back into an object of
 * the method's (generic) return type for each duplicate. Implementations must round-trip records and generic
 * collections; a value they cannot encode fails the first call before it commits.
 */
public interface ResponseCodec {

    String encode(Object value, Type type);

    Object decode(String text, Type type);
}
