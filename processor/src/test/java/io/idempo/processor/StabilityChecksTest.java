package io.idempo.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.idempo.processor.DiagnosticAssertions.assertOnlyError;
import static io.idempo.processor.DiagnosticAssertions.assertOnlyWarning;
import static io.idempo.processor.DiagnosticAssertions.java;
import static io.idempo.processor.ProcessorCompiler.compile;
import static io.idempo.processor.ProcessorCompiler.compileWithOptions;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** P021 and the {@code -Aidempo.stability} option that decides how it is reported. */
class StabilityChecksTest {

    @Test
    void p021_interfaceTypedFieldIsAWarning() {
        JavaFileObject source = abstractFingerprintSource();
        Compilation compilation = compile(source, CUSTOMER_INTERFACE, ORDER_WITH_CUSTOMER);
        assertOnlyWarning(compilation, source, Message.ABSTRACT_FINGERPRINT_TYPE,
                "fingerprint field 'order.customer' has the abstract type test.Customer: only its own readable "
                        + "properties are covered, not those an implementation adds; fingerprint a concrete type or "
                        + "list the paths explicitly",
                "fingerprint = \"order\")");
        assertThat(compilation).generatedSourceFile("test.Orders_Idempotency");
    }

    @Test
    void p021_abstractClassTypedParameterIsAWarning() {
        JavaFileObject shape = java("test.Shape",
                "abstract class Shape {",
                "    public abstract String getKind();",
                "}");
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(action = \"orders.draw\")",
                "    String draw(Shape shape) {",
                "        return shape.getKind();",
                "    }",
                "}");
        assertOnlyWarning(compile(source, shape), source, Message.ABSTRACT_FINGERPRINT_TYPE,
                "fingerprint field 'shape' has the abstract type test.Shape",
                "@Idempotent(action = \"orders.draw\")");
    }

    @Test
    void p021_stabilityErrorMakesItAnError() {
        JavaFileObject source = abstractFingerprintSource();
        Compilation compilation = compileWithOptions(new String[] {"-Xlint:all,-processing",
            "-Aidempo.stability=error"}, source, CUSTOMER_INTERFACE, ORDER_WITH_CUSTOMER);
        assertOnlyError(compilation, source, Message.ABSTRACT_FINGERPRINT_TYPE,
                "fingerprint field 'order.customer' has the abstract type test.Customer",
                "fingerprint = \"order\")");
    }

    @Test
    void p021_stabilityIgnoreSilencesIt() {
        Compilation compilation = compileWithOptions(new String[] {"-Xlint:all,-processing",
            "-Aidempo.stability=ignore"}, abstractFingerprintSource(), CUSTOMER_INTERFACE, ORDER_WITH_CUSTOMER);
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile("test.Orders_Idempotency");
    }

    @Test
    void invalidStabilityOptionIsAnError() {
        Compilation compilation = compileWithOptions(new String[] {"-Xlint:all,-processing",
            "-Aidempo.stability=bogus"}, abstractFingerprintSource(), CUSTOMER_INTERFACE, ORDER_WITH_CUSTOMER);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("-Aidempo.stability=bogus is not one of warning, error, ignore");
    }

    private static final JavaFileObject CUSTOMER_INTERFACE = java("test.Customer",
            "interface Customer {",
            "    String getName();",
            "}");

    private static final JavaFileObject ORDER_WITH_CUSTOMER = java("test.Order",
            "record Order(String id, Customer customer) {}");

    private static JavaFileObject abstractFingerprintSource() {
        return java("test.Orders",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            fingerprint = \"order\")",
                "    String place(Order order) {",
                "        return order.id();",
                "    }",
                "}");
    }
}
