package io.idempo.processor;

import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.idempo.processor.ProcessorCompiler.compile;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;

/**
 * The assertions of the check tests: a diagnostic is asserted by its {@link Message} (its code, and a message text
 * that the catalogue's format can produce), a distinctive part of its text, and the line javac points at.
 *
 * <p>Every test source is in package {@code test} and imports {@code io.idempo.*}, {@code java.math.*},
 * {@code java.time.*} and {@code java.util.*} (see {@link #java}); the offending element or attribute is on a
 * line of its own, so that {@code onLineContaining} proves the position, not just the message.
 */
final class DiagnosticAssertions {

    private static final Pattern ACTION = Pattern.compile("action = \"([^\"]+)\"");
    /** Stands for every {@code %s} of a message format when its pattern is built. */
    private static final String ARGUMENT = "\u0001";

    /** A plain record that several tests use as a parameter type. */
    static final JavaFileObject ORDER = java("test.Order",
            "record Order(String id, long quantity) {}");

    private DiagnosticAssertions() {
    }

    /** Compiles {@code source} alone and asserts that it fails with exactly this one error. */
    static void assertError(JavaFileObject source, Message message, String text, String line) {
        assertOnlyError(compile(source), source, message, text, line);
    }

    /** Asserts that the compilation failed with exactly this one error, in {@code source}. */
    static void assertOnlyError(Compilation compilation, JavaFileObject source, Message message, String text,
                                String line) {
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertReported(compilation, Diagnostic.Kind.ERROR, source, message, text, line);
    }

    /** Asserts that the compilation succeeded with exactly this one warning, in {@code source}. */
    static void assertOnlyWarning(Compilation compilation, JavaFileObject source, Message message, String text,
                                  String line) {
        assertThat(compilation).succeeded();
        assertThat(compilation).hadWarningCount(1);
        assertReported(compilation, Diagnostic.Kind.WARNING, source, message, text, line);
    }

    /** Asserts success without an idempo warning: other processors may warn about their own code. */
    static void assertSucceededWithoutIdempoWarnings(Compilation compilation) {
        assertThat(compilation).succeeded();
        assertWithMessage("idempo warnings").that(compilation.warnings().stream()
                .map(warning -> warning.getMessage(Locale.ROOT)).filter(message -> message.contains("IDEM-"))
                .toList()).isEmpty();
    }

    /**
     * Asserts one diagnostic of this kind: {@code [code] text...} on the line of {@code source} containing
     * {@code line}, whose whole message is one the catalogue's {@code message} can produce.
     */
    static void assertReported(Compilation compilation, Diagnostic.Kind kind, JavaFileObject source, Message message,
                               String text, String line) {
        String expected = "[" + message.code() + "] " + text;
        List<String> matching = compilation.diagnostics().stream().filter(found -> found.getKind() == kind)
                .map(found -> found.getMessage(Locale.ROOT)).filter(found -> found.contains(expected)).toList();
        assertWithMessage("%s containing %s among %s", kind, expected, compilation.diagnostics())
                .that(matching).isNotEmpty();
        assertWithMessage("the catalogue's %s", message).that(matching.get(0)).matches(pattern(message));
        if (kind == Diagnostic.Kind.ERROR) {
            assertThat(compilation).hadErrorContaining(expected).inFile(source).onLineContaining(line);
        } else {
            assertThat(compilation).hadWarningContaining(expected).inFile(source).onLineContaining(line);
        }
    }

    /** Every text {@code message} can produce: its format with each argument standing for any text. */
    private static String pattern(Message message) {
        Object[] arguments = new Object[8];
        Arrays.fill(arguments, ARGUMENT);
        return Arrays.stream(message.format(arguments).split(ARGUMENT, -1)).map(Pattern::quote)
                .collect(Collectors.joining("(?s).*"));
    }

    /**
     * Compiles with {@code -Xlint:all} (a lint warning in generated code fails the test as well), checks that every
     * explicitly named action got its plan in the generated code, and looks up the plan of every
     * {@code @Idempotent} method at run time as the runtime does.
     */
    static CompiledClasses assertCompilesCleanly(JavaFileObject... sources) {
        Compilation compilation = compile(sources);
        assertThat(compilation).succeededWithoutWarnings();
        String generated = compilation.generatedSourceFiles().stream().map(DiagnosticAssertions::text)
                .collect(Collectors.joining("\n"));
        for (JavaFileObject source : sources) {
            Matcher action = ACTION.matcher(text(source));
            while (action.find()) {
                assertWithMessage("plan of action %s", action.group(1)).that(generated)
                        .contains(".action(\"" + action.group(1) + "\")");
            }
        }
        CompiledClasses classes = new CompiledClasses(compilation);
        classes.planOfEveryIdempotentMethod();
        return classes;
    }

    static String text(JavaFileObject file) {
        try {
            return file.getCharContent(true).toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A source in package {@code test} with the imports every test uses, then {@code lines}. */
    static JavaFileObject java(String qualifiedName, String... lines) {
        List<String> all = new ArrayList<>(List.of(
                "package test;",
                "",
                "import io.idempo.*;",
                "import java.math.*;",
                "import java.security.Principal;",
                "import java.time.*;",
                "import java.util.*;",
                ""));
        all.addAll(List.of(lines));
        return JavaFileObjects.forSourceLines(qualifiedName, all);
    }
}
