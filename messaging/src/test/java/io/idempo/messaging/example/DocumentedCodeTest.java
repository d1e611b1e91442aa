package io.idempo.messaging.example;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every Java block of docs/messaging.md and docs/outbox.md is a verbatim excerpt of compiled, tested sources: this
 * package's, or the example app's (its RabbitMQ and JMS doors and its job, which its end-to-end suite runs).
 */
class DocumentedCodeTest {

    private static final Pattern JAVA_BLOCK = Pattern.compile("```java\n(.*?)```", Pattern.DOTALL);
    private static final Path EXAMPLES = Path.of("src", "test", "java", "io", "idempo", "messaging", "example");
    private static final Path EXAMPLE_APP = Path.of("..", "example-payara-app", "src", "main", "java", "io", "idempo",
            "example");

    @ParameterizedTest
    @ValueSource(strings = {"messaging.md", "outbox.md"})
    void eachJavaBlockOfTheGuideIsCompiledCode(String page) throws IOException {
        String guide = Files.readString(Path.of("..", "docs", page), StandardCharsets.UTF_8);
        String sources;
        try (Stream<Path> files = Files.list(EXAMPLES); Stream<Path> app = Files.walk(EXAMPLE_APP)) {
            sources = Stream.concat(files.filter(file -> !file.endsWith("DocumentedCodeTest.java")),
                            app.filter(file -> file.toString().endsWith(".java")))
                    .map(DocumentedCodeTest::read)
                    .collect(Collectors.joining("\n"));
        }
        List<String> blocks = new ArrayList<>();
        Matcher block = JAVA_BLOCK.matcher(guide);
        while (block.find()) {
            blocks.add(block.group(1));
        }
        assertFalse(blocks.isEmpty());
        for (String each : blocks) {
            assertTrue(sources.contains(each), "Not in the example sources as it stands:\n" + each);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
