package io.idempo.jackson;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.idempo.runtime.spi.ResponseCodec;
import io.idempo.runtime.spi.ResponseCodecException;
import java.lang.reflect.Type;

/** For applications that already configure Jackson for their API: the replayed body then matches it. */
public final class JacksonResponseCodec implements ResponseCodec {

    private final ObjectMapper mapper;

    public JacksonResponseCodec(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public String encode(Object value, Type type) {
        try {
            return mapper.writerFor(mapper.constructType(type)).writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new ResponseCodecException("Jackson cannot encode a " + type.getTypeName() + " result; "
                    + "check its serializers", e);
        }
    }

    @Override
    public Object decode(String text, Type type) {
        try {
            return mapper.readValue(text, mapper.constructType(type));
        } catch (JsonProcessingException e) {
            throw new ResponseCodecException("Jackson cannot decode the stored result as " + type.getTypeName()
                    + "; if the return type changed since the record was written, let the record expire", e);
        }
    }
}
