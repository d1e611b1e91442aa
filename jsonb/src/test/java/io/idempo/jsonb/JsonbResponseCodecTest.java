package io.idempo.jsonb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.idempo.runtime.spi.ResponseCodec;
import io.idempo.runtime.spi.ResponseCodecContract;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The codec contract on JSON-B (Yasson), and the Optionals JSON-B replays as they were. */
class JsonbResponseCodecTest extends ResponseCodecContract {

    @Override
    protected ResponseCodec codec() {
        return JsonbResponseCodec.create();
    }

    @Test
    void optionalsRoundTrip() {
        ResponseCodec codec = codec();
        assertEquals(Optional.of(ORDER), roundTrip(codec, Optional.of(ORDER), type("optional")));
        assertEquals(Optional.empty(), codec.decode(codec.encode(Optional.empty(), type("optional")),
                type("optional")), "an empty Optional replays as empty, not as null");
        assertEquals(Optional.of(ORDER), roundTrip(codec, Optional.of(ORDER), resolved("find", String.class)),
                "an Optional of a type variable, resolved against the target class");
    }
}
