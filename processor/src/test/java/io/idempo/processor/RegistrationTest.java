package io.idempo.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ServiceLoader;
import javax.annotation.processing.Processor;
import org.junit.jupiter.api.Test;

/**
 * javac finds the processor through {@code META-INF/services}, which auto-service writes at build time, and
 * Gradle reads its incremental category from a file kept by hand: both must name the processor class.
 */
class RegistrationTest {

    @Test
    void javacFindsTheProcessorThroughServiceLoader() {
        assertTrue(ServiceLoader.load(Processor.class).stream()
                .anyMatch(provider -> provider.type() == IdempotencyProcessor.class));
    }

    @Test
    void gradleSeesAnIsolatingProcessor() throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/META-INF/gradle/incremental.annotation.processors")) {
            assertEquals(IdempotencyProcessor.class.getName() + ",isolating",
                    new String(in.readAllBytes(), StandardCharsets.UTF_8).strip());
        }
    }
}
