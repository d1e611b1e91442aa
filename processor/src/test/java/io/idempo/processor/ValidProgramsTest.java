package io.idempo.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The corpus of valid programs, the other half of the checks' promise: each directory of
 * {@code src/test/resources/valid-programs} is one program (records, beans, generics, sealed types, several
 * packages, the unnamed package, type-use annotations, names that mimic the generated ones), compiled with idempo
 * alone and beside Lombok in either order. Each compiles without a warning under {@code -Xlint:all}, and the plan
 * of every {@code @Idempotent} method is found at run time as the runtime finds it. Add a program by adding a
 * directory.
 */
class ValidProgramsTest {

    private static final Path CORPUS = Path.of("src", "test", "resources", "valid-programs");
    private static final Pattern IDEMPOTENT = Pattern.compile("@Idempotent\\b");

    static Stream<Arguments> programs() throws IOException {
        try (Stream<Path> directories = Files.list(CORPUS)) {
            return directories.filter(Files::isDirectory).map(directory -> directory.getFileName().toString())
                    .sorted().toList().stream()
                    .flatMap(program -> Arrays.stream(ProcessorPath.values())
                            .map(path -> Arguments.of(program, path)));
        }
    }

    @ParameterizedTest(name = "{0} ({1})")
    @MethodSource("programs")
    void compilesAndEveryPlanIsFoundAtRunTime(String program, ProcessorPath path) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(CORPUS.resolve(program))) {
            files = walk.filter(file -> file.toString().endsWith(".java")).sorted().toList();
        }
        JavaFileObject[] sources = files.stream().map(file -> source(CORPUS.resolve(program), file))
                .toArray(JavaFileObject[]::new);
        Compilation compilation = path.compile(sources);
        assertThat(compilation).succeededWithoutWarnings();
        long annotated = files.stream().mapToLong(file -> IDEMPOTENT.matcher(read(file)).results().count()).sum();
        assertEquals(annotated, new CompiledClasses(compilation).planOfEveryIdempotentMethod().size());
    }

    private static JavaFileObject source(Path root, Path file) {
        String relative = root.relativize(file).toString().replace(file.getFileSystem().getSeparator(), ".");
        return JavaFileObjects.forSourceString(relative.substring(0, relative.length() - ".java".length()),
                read(file));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
