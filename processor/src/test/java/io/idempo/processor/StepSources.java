package io.idempo.processor;

import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.idempo.processor.DiagnosticAssertions.assertOnlyError;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.JavaFileObject;

/**
 * What the step check tests compile against. The processor never depends on the runtime, so its step types, which
 * {@code @ExternalStep} signatures name ({@code StepOwner}, {@code StepResolution}), stand here as sources of their own
 * with the same names; so do the JTA and EJB annotations P033 reads. The checks know them by name only.
 */
final class StepSources {

    static final JavaFileObject STEP_OWNER = JavaFileObjects.forSourceLines("io.idempo.runtime.step.StepOwner",
            "package io.idempo.runtime.step;",
            "public final class StepOwner {",
            "}");
    static final JavaFileObject STEP_RESOLUTION = JavaFileObjects.forSourceLines(
            "io.idempo.runtime.step.StepResolution",
            "package io.idempo.runtime.step;",
            "public interface StepResolution<T> {",
            "}");
    static final JavaFileObject TRANSACTIONAL = JavaFileObjects.forSourceLines("jakarta.transaction.Transactional",
            "package jakarta.transaction;",
            "import java.lang.annotation.*;",
            "@Retention(RetentionPolicy.RUNTIME)",
            "@Target({ElementType.METHOD, ElementType.TYPE})",
            "public @interface Transactional {",
            "    enum TxType { REQUIRED, REQUIRES_NEW, MANDATORY, SUPPORTS, NOT_SUPPORTED, NEVER }",
            "    TxType value() default TxType.REQUIRED;",
            "}");
    static final JavaFileObject STATELESS = JavaFileObjects.forSourceLines("jakarta.ejb.Stateless",
            "package jakarta.ejb;",
            "import java.lang.annotation.*;",
            "@Retention(RetentionPolicy.RUNTIME)",
            "@Target(ElementType.TYPE)",
            "public @interface Stateless {",
            "}");
    static final JavaFileObject TRANSACTION_ATTRIBUTE = JavaFileObjects.forSourceLines(
            "jakarta.ejb.TransactionAttribute",
            "package jakarta.ejb;",
            "import java.lang.annotation.*;",
            "@Retention(RetentionPolicy.RUNTIME)",
            "@Target({ElementType.METHOD, ElementType.TYPE})",
            "public @interface TransactionAttribute {",
            "    TransactionAttributeType value() default TransactionAttributeType.REQUIRED;",
            "}");
    static final JavaFileObject TRANSACTION_ATTRIBUTE_TYPE = JavaFileObjects.forSourceLines(
            "jakarta.ejb.TransactionAttributeType",
            "package jakarta.ejb;",
            "public enum TransactionAttributeType {",
            "    REQUIRED, REQUIRES_NEW, MANDATORY, SUPPORTS, NOT_SUPPORTED, NEVER",
            "}");

    private static final List<JavaFileObject> RUNTIME = List.of(STEP_OWNER, STEP_RESOLUTION, TRANSACTIONAL, STATELESS,
            TRANSACTION_ATTRIBUTE, TRANSACTION_ATTRIBUTE_TYPE);

    private StepSources() {
    }

    /** A source in package {@code test} as {@link DiagnosticAssertions#java} makes it, that sees the step types. */
    static JavaFileObject step(String qualifiedName, String... lines) {
        List<String> all = new ArrayList<>(List.of("import io.idempo.runtime.step.*;"));
        all.addAll(List.of(lines));
        return DiagnosticAssertions.java(qualifiedName, all.toArray(String[]::new));
    }

    static Compilation compileSteps(JavaFileObject... sources) {
        List<JavaFileObject> all = new ArrayList<>(RUNTIME);
        all.addAll(List.of(sources));
        return ProcessorCompiler.compile(all.toArray(JavaFileObject[]::new));
    }

    /** Compiles {@code source} alone (with the stand-ins) and asserts that it fails with exactly this one error. */
    static void assertStepError(JavaFileObject source, Message message, String text, String line) {
        assertOnlyError(compileSteps(source), source, message, text, line);
    }

    /** Compiles with {@code -Xlint:all} and asserts no error and no warning at all. */
    static void assertStepsCompileCleanly(JavaFileObject... sources) {
        Compilation compilation = compileSteps(sources);
        assertThat(compilation).succeededWithoutWarnings();
        assertWithMessage("idempo notes").that(compilation.notes().stream()
                .map(note -> note.getMessage(Locale.ROOT)).filter(note -> note.contains("IDEM-")).toList()).isEmpty();
    }
}
