package io.idempo.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.idempo.processor.DiagnosticAssertions.assertOnlyError;
import static io.idempo.processor.DiagnosticAssertions.java;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * P099: whatever fails inside the processor, even a {@link StackOverflowError} in a type walk, becomes one error on
 * the method being analysed, naming it; javac never sees the exception, and the other types are still planned.
 */
class InternalErrorTest {

    private static final JavaFileObject HEALTHY = java("test.Carts",
            "class Carts {",
            "    @Idempotent(action = \"carts.checkout\")",
            "    String checkout(String cartId) {",
            "        return cartId;",
            "    }",
            "}");

    private static final JavaFileObject FAILING = java("test.Orders",
            "class Orders {",
            "    @Idempotent(action = \"orders.place\")",
            "    String place(String sku) {",
            "        return sku;",
            "    }",
            "}");

    @Test
    void p099_exceptionInACheck() {
        Compilation compilation = compileFailingOn("place", new IllegalStateException("boom"));
        assertOnlyError(compilation, FAILING, Message.INTERNAL_ERROR,
                "idempo-processor failed on test.Orders.place(java.lang.String) (java.lang.IllegalStateException: "
                        + "boom); please report it with this message",
                "@Idempotent(action = \"orders.place\")");
        assertThat(compilation).hadNoteContaining("idempo: test.Carts.checkout(java.lang.String) action=");
    }

    @Test
    void p099_stackOverflowInACheck() {
        Compilation compilation = compileFailingOn("place", new StackOverflowError());
        assertOnlyError(compilation, FAILING, Message.INTERNAL_ERROR,
                "idempo-processor failed on test.Orders.place(java.lang.String) (java.lang.StackOverflowError)",
                "@Idempotent(action = \"orders.place\")");
        assertThat(compilation).hadNoteContaining("idempo: test.Carts.checkout(java.lang.String) action=");
    }

    /** Compiles both types with an extra check that throws {@code failure} on the method named {@code name}. */
    private static Compilation compileFailingOn(String name, Throwable failure) {
        MethodCheck failing = method -> {
            if (method.name().equals(name)) {
                sneakyThrow(failure);
            }
            return List.of();
        };
        return Compiler.javac().withProcessors(new IdempotencyProcessor(List.of(failing)))
                .withOptions("-Xlint:all,-processing", "-Aidempo.verbose=true").compile(FAILING, HEALTHY);
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void sneakyThrow(Throwable failure) throws T {
        throw (T) failure;
    }
}
