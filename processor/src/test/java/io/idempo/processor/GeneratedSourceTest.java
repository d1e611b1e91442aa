package io.idempo.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Pins the generated source of the documented example, byte for byte: generation is deterministic, and
 * {@code docs/generated-code.md} shows exactly what users get.
 */
class GeneratedSourceTest {

    private static final String GENERATED = "com.example.shop.OrderService_Idempotency";

    private static String resource(String name) {
        try (var in = GeneratedSourceTest.class.getResourceAsStream("/generated/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String generate() throws IOException {
        JavaFileObject source = JavaFileObjects.forSourceString("com.example.shop.OrderService",
                resource("OrderService.java"));
        Compilation compilation = ProcessorCompiler.compile(source);
        assertThat(compilation).succeededWithoutWarnings();
        return compilation.generatedSourceFile(GENERATED).orElseThrow().getCharContent(true).toString();
    }

    @Test
    void generatedSourceMatchesTheGoldenFile() throws IOException {
        assertEquals(resource("OrderService_Idempotency.java.txt"), generate());
    }

    @Test
    void generationIsDeterministic() throws IOException {
        assertEquals(generate(), generate());
    }

    @Test
    void theDocsShowTheExampleAndItsGeneratedCode() throws IOException {
        String docs = Files.readString(Path.of("..", "docs", "generated-code.md"), StandardCharsets.UTF_8);
        assertThat(docs).contains(resource("OrderService.java"));
        assertThat(docs).contains(resource("OrderService_Idempotency.java.txt"));
    }
}
