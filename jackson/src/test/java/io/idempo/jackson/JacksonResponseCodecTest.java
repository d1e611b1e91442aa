package io.idempo.jackson;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.idempo.runtime.spi.ResponseCodec;
import io.idempo.runtime.spi.ResponseCodecContract;
import io.idempo.runtime.spi.ResponseCodecException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The codec contract on a plain Jackson {@code ObjectMapper}, and its clear refusal of Optionals without Jdk8Module. */
class JacksonResponseCodecTest extends ResponseCodecContract {

    @Override
    protected ResponseCodec codec() {
        return new JacksonResponseCodec(new ObjectMapper());
    }

    /**
     * Plain Jackson has no Optional support: it needs jackson-datatype-jdk8 ({@code new ObjectMapper()
     * .registerModule(new Jdk8Module())}), which idempo does not depend on. Without it the first call fails before
     * it commits, with a message naming the type and the module, rather than storing something unreplayable.
     */
    @Test
    void withoutTheJdk8ModuleOptionalsAreRefusedClearly() {
        ResponseCodecException refused = assertThrows(ResponseCodecException.class,
                () -> codec().encode(Optional.of(ORDER), type("optional")));
        assertTrue(refused.getMessage().contains("java.util.Optional<" + Order.class.getName() + ">"),
                refused.getMessage());
        assertTrue(refused.getCause().getMessage().contains("jackson-datatype-jdk8"), refused.getCause().getMessage());
    }
}
