package io.idempo.architecture.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.architecture.Repository;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The docs quote sources (the plain-Java example's pom, code and configuration) only as they are compiled and run. A quote is a fenced block right
 * after a marker naming what it quotes: {@code <!-- quote: example-plain-java/pom.xml#dependencies -->} for the lines
 * between {@code <!-- begin: dependencies -->} and {@code <!-- end: dependencies -->} of that file (de-indented), or
 * {@code <!-- quote: path -->} for a whole file. Any difference fails, naming the doc, its line and the first line
 * that differs.
 */
class QuotedSourcesTest {

    private static final Path REPOSITORY = Repository.ROOT;
    private static final String MARKER = "<!-- quote: ";
    private static final String POM = "example-plain-java/pom.xml";
    private static final String SOURCES = "example-plain-java/src/main/java/io/idempo/example/plainjava/";

    /** A marker, and the block that follows it. */
    private record Quote(Path doc, int line, String source, String text) {
    }

    @Test
    void everyQuotedBlockIsTheSourceAsItIs() {
        List<Quote> quotes = quotes();
        assertTrue(quotes.size() > 0, "no quotes found under " + REPOSITORY);
        for (Quote quote : quotes) {
            String expected = sourceText(quote);
            if (!expected.equals(quote.text())) {
                List<String> want = expected.lines().toList();
                List<String> have = quote.text().lines().toList();
                int line = 0;
                while (line < Math.min(want.size(), have.size()) && want.get(line).equals(have.get(line))) {
                    line++;
                }
                assertEquals(line < want.size() ? want.get(line) : "(end)",
                        line < have.size() ? have.get(line) : "(end)",
                        REPOSITORY.relativize(quote.doc()) + ":" + (quote.line() + 2 + line) + " quotes "
                                + quote.source() + " with a different line " + (line + 1)
                                + "; copy the source into the doc again");
            }
        }
    }

    @Test
    void theReadmeAndTheRuntimePageQuoteTheExample() {
        assertQuotes("README.md", POM + "#bom", POM + "#dependencies", POM + "#compiler", POM + "#weaving");
        assertQuotes("docs/runtime.md", POM + "#bom", POM + "#dependencies", POM + "#weaving",
                "example-plain-java/src/main/resources/META-INF/persistence.xml",
                "example-plain-java/src/main/resources/logback.xml", SOURCES + "Application.java",
                SOURCES + "RedisClaims.java", SOURCES + "OrderService.java", SOURCES + "PaymentCallbacks.java");
    }

    private static void assertQuotes(String doc, String... sources) {
        Set<String> quoted = quotes().stream().filter(quote -> quote.doc().equals(REPOSITORY.resolve(doc)))
                .map(Quote::source).collect(Collectors.toSet());
        for (String source : sources) {
            assertTrue(quoted.contains(source), doc + " quotes " + source + "; it quotes " + quoted);
        }
    }

    private static List<Quote> quotes() {
        List<Quote> quotes = new ArrayList<>();
        for (Path doc : Repository.docs()) {
            List<String> lines = Repository.read(doc).lines().toList();
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).strip();
                if (line.startsWith(MARKER)) {
                    String source = line.substring(MARKER.length(), line.length() - "-->".length()).strip();
                    assertTrue(i + 1 < lines.size() && lines.get(i + 1).startsWith("```"),
                            doc + ":" + (i + 1) + ": a quote marker must be followed by a fenced block");
                    int end = i + 2;
                    while (end < lines.size() && !lines.get(end).equals("```")) {
                        end++;
                    }
                    assertTrue(end < lines.size(), doc + ":" + (i + 2) + ": the quoted block is not closed");
                    quotes.add(new Quote(doc, i + 1, source, String.join("\n", lines.subList(i + 2, end))));
                }
            }
        }
        return quotes;
    }

    private static String sourceText(Quote quote) {
        int hash = quote.source().indexOf('#');
        Path file = REPOSITORY.resolve(hash < 0 ? quote.source() : quote.source().substring(0, hash));
        assertTrue(Files.isRegularFile(file), quote.doc() + ":" + quote.line() + " quotes a missing file " + file);
        String text = Repository.read(file);
        if (hash < 0) {
            return text.stripTrailing();
        }
        String region = quote.source().substring(hash + 1);
        List<String> lines = text.lines().toList();
        int begin = lines.indexOf(lines.stream().filter(line -> line.strip().equals("<!-- begin: " + region + " -->"))
                .findFirst().orElseThrow(() -> new AssertionError(file + " has no region " + region)));
        int end = begin + 1;
        while (end < lines.size() && !lines.get(end).strip().equals("<!-- end: " + region + " -->")) {
            end++;
        }
        List<String> body = lines.subList(begin + 1, end);
        int indent = body.stream().filter(line -> !line.isBlank())
                .mapToInt(line -> line.length() - line.stripLeading().length()).min().orElse(0);
        return body.stream().map(line -> line.isBlank() ? "" : line.substring(indent))
                .collect(Collectors.joining("\n"));
    }
}
