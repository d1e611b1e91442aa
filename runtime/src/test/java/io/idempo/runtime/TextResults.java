package io.idempo.runtime;

import io.idempo.runtime.spi.ResponseCodec;
import java.lang.reflect.Type;

/**
 * Keeps String results as they are: the codec of the runtime's own tests, whose calls return strings (the runtime
 * has no JSON library; the shipped codecs pass the response codec contract in their modules).
 */
final class TextResults implements ResponseCodec {

    @Override
    public String encode(Object value, Type type) {
        return (String) value;
    }

    @Override
    public Object decode(String text, Type type) {
        return text;
    }
}
