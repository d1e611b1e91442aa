package io.idempo.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.idempo.processor.DiagnosticAssertions.ORDER;
import static io.idempo.processor.DiagnosticAssertions.java;
import static io.idempo.processor.ProcessorCompiler.compileWithOptions;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The {@code -Aidempo.*} options: a bad value is an error naming the option, never a crash; verbose prints each plan.
 */
class ProcessorOptionsTest {

    @Test
    void invalidVerboseOptionIsAnError() {
        Compilation compilation = compileWithOptions(
                new String[] {"-Xlint:all,-processing", "-Aidempo.verbose=yes"}, validOrderSource(), ORDER);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("-Aidempo.verbose=yes is not true or false");
    }

    @Test
    void optionWithoutValueIsAnErrorNotACrash() {
        Compilation compilation = compileWithOptions(
                new String[] {"-Xlint:all,-processing", "-Aidempo.stability"}, validOrderSource(), ORDER);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("-Aidempo.stability has no value; use one of warning, error, "
                + "ignore");
    }

    @Test
    void verboseOptionPrintsThePlan() {
        Compilation compilation = compileWithOptions(
                new String[] {"-Xlint:all,-processing", "-Aidempo.verbose=true"}, validOrderSource(), ORDER);
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).hadNoteContaining("idempo: test.Orders.place(java.lang.String,test.Order) "
                + "action=orders.place key=parameter requestKey fingerprint=idempo-fingerprint-plan-1[order=");
    }

    private static JavaFileObject validOrderSource() {
        return java("test.Orders",
                "class Orders {",
                "    @Idempotent(action = \"orders.place\")",
                "    String place(@IdempotencyKey String requestKey, Order order) {",
                "        return order.id();",
                "    }",
                "}");
    }
}
