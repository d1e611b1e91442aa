package io.idempo.architecture.docs;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.architecture.Repository;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The guides that teach by the project's own code show only code that is compiled and tested: every Java block of
 * these pages is a verbatim excerpt of a source of the repository (the messaging module's examples, the example
 * app's doors, job and outbox use), so a renamed method or a changed builder fails here, not in a reader's IDE.
 */
class DocumentedExcerptsTest {

    private static final Pattern JAVA_BLOCK = Pattern.compile("```java\n(.*?)```", Pattern.DOTALL);
    private static final String SOURCES = Repository.javaSources().stream().map(Repository::read)
            .collect(Collectors.joining("\n"));

    @ParameterizedTest
    @ValueSource(strings = {"docs/messaging.md", "docs/outbox.md"})
    void eachJavaBlockIsAnExcerptOfTheSources(String page) {
        String guide = Repository.read(Repository.ROOT.resolve(page));
        List<String> blocks = new ArrayList<>();
        Matcher block = JAVA_BLOCK.matcher(guide);
        while (block.find()) {
            blocks.add(block.group(1));
        }
        assertFalse(blocks.isEmpty(), page + " has no Java block");
        for (String each : blocks) {
            assertTrue(SOURCES.contains(each), page + " shows code that is in no source as it stands:\n" + each);
        }
    }
}
