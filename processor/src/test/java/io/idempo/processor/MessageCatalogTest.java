package io.idempo.processor;

import static com.google.common.truth.Truth.assertWithMessage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The catalogue and its documentation move together: every {@link Message} has a section and an index row in
 * {@code docs/checks.md} and at least one test that names it, and every section documents a code that exists.
 */
class MessageCatalogTest {

    private static final Path CHECKS = Path.of("..", "docs", "checks.md");
    private static final Path TEST_SOURCES = Path.of("src", "test", "java");
    private static final Pattern SECTION = Pattern.compile("(?m)^## (IDEM-P\\d{3}) — ");

    @ParameterizedTest
    @EnumSource(Message.class)
    void everyCodeHasASectionAndAnIndexRow(Message message) throws IOException {
        String checks = Files.readString(CHECKS, StandardCharsets.UTF_8);
        assertWithMessage("section of %s", message).that(checks).containsMatch("(?m)^## " + message.code() + " — ");
        assertWithMessage("index row of %s", message).that(checks).contains("| [" + message.code() + "](#");
    }

    @ParameterizedTest
    @EnumSource(Message.class)
    void everyMessageHasATest(Message message) throws IOException {
        Pattern use = Pattern.compile("\\bMessage\\." + message.name() + "\\b");
        try (Stream<Path> files = Files.walk(TEST_SOURCES)) {
            List<Path> testing = files.filter(file -> file.getFileName().toString().endsWith("Test.java"))
                    .filter(file -> !file.getFileName().toString().equals("MessageCatalogTest.java"))
                    .filter(file -> use.matcher(read(file)).find()).toList();
            assertWithMessage("tests naming Message.%s", message.name()).that(testing).isNotEmpty();
        }
    }

    @Test
    void everySectionDocumentsAnExistingCode() throws IOException {
        List<String> codes = Arrays.stream(Message.values()).map(Message::code).toList();
        Matcher section = SECTION.matcher(Files.readString(CHECKS, StandardCharsets.UTF_8));
        int sections = 0;
        while (section.find()) {
            assertWithMessage("documented code").that(codes).contains(section.group(1));
            sections++;
        }
        assertWithMessage("sections").that(sections).isEqualTo(codes.stream().distinct().count());
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
