package io.idempo.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.idempo.processor.DiagnosticAssertions.ORDER;
import static io.idempo.processor.DiagnosticAssertions.assertCompilesCleanly;
import static io.idempo.processor.DiagnosticAssertions.assertError;
import static io.idempo.processor.DiagnosticAssertions.assertReported;
import static io.idempo.processor.DiagnosticAssertions.java;
import static io.idempo.processor.ProcessorCompiler.compile;

import com.google.testing.compile.Compilation;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * P007, P008, P009, P018 on the key template: it is well formed and each placeholder names a scalar value of a
 * parameter.
 */
class KeyTemplateChecksTest {

    static Stream<Arguments> malformedTemplates() {
        return Stream.of(
                Arguments.of("{callback.txnId", "has a '{' that is not closed by '}'"),
                Arguments.of("{callback.txnId}{callback.channel", "has a '{' that is not closed by '}'"),
                Arguments.of("{callback.{txnId}}", "has a '{' that is not closed by '}'"),
                Arguments.of("settle}:{callback.txnId}", "has a '}' without a '{' before it"),
                Arguments.of("{callback.txnId}}", "has a '}' without a '{' before it"),
                Arguments.of("{}:settle", "has an empty placeholder {}; name a parameter field"),
                Arguments.of("settle/{callback.txnId}",
                        "has literal text \"settle/\" outside the key character set [A-Za-z0-9_.:-]"),
                Arguments.of("{callback.txnId} settle",
                        "has literal text \" settle\" outside the key character set [A-Za-z0-9_.:-]"),
                Arguments.of("settle", "has no {placeholder}, so every call would share one key; name a parameter "
                        + "field such as {order.id}"));
    }

    @ParameterizedTest
    @MethodSource("malformedTemplates")
    void p007_malformedKeyTemplate(String template, String problem) {
        JavaFileObject source = java("test.Callbacks",
                "record Callback(String txnId, String channel) {}",
                "class Callbacks {",
                "    @Idempotent(",
                "            action = \"callbacks.settle\",",
                "            key = \"" + template + "\")",
                "    String settle(Callback callback) {",
                "        return callback.txnId();",
                "    }",
                "}");
        assertError(source, Message.MALFORMED_KEY_TEMPLATE,
                "key template \"" + template + "\" " + problem,
                "key = \"");
    }

    @Test
    void p008_keyTemplateNamesUnknownParameter() {
        JavaFileObject source = java("test.Orders",
                "record Order(String id) {}",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            key = \"{request.id}\")",
                "    String place(Order order) {",
                "        return order.id();",
                "    }",
                "}");
        assertError(source, Message.UNKNOWN_PARAMETER,
                "key template path 'request.id' names parameter 'request', which does not exist; the parameters are: "
                        + "order",
                "key = \"{request.id}\")");
    }

    @Test
    void p008_keyTemplateOnMethodWithoutParameters() {
        JavaFileObject source = java("test.Jobs",
                "class Jobs {",
                "    @Idempotent(",
                "            action = \"jobs.nightly\",",
                "            key = \"{run.date}\")",
                "    String nightly() {",
                "        return \"done\";",
                "    }",
                "}");
        assertError(source, Message.UNKNOWN_PARAMETER,
                "key template path 'run.date' names parameter 'run', but the method has no parameters",
                "key = \"{run.date}\")");
    }

    @Test
    void p009_keyTemplatePathThroughScalar() {
        JavaFileObject source = java("test.Orders",
                "record Order(String id) {}",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            key = \"{order.id.value}\")",
                "    String place(Order order) {",
                "        return order.id();",
                "    }",
                "}");
        assertError(source, Message.UNREADABLE_PROPERTY,
                "key template path 'order.id.value': java.lang.String has no readable property 'value'",
                "key = \"{order.id.value}\")");
    }

    @Test
    void p018_placeholderNamesRecord() {
        JavaFileObject source = java("test.Orders",
                "record Customer(String id) {}",
                "record Order(String id, Customer customer) {}",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            key = \"{order.customer}:place\")",
                "    String place(Order order) {",
                "        return order.id();",
                "    }",
                "}");
        assertError(source, Message.TEMPLATE_NOT_SCALAR,
                "key template placeholder {order.customer} has type test.Customer; a placeholder must name a string, "
                        + "integer, decimal, boolean, enum, UUID or java.time value",
                "key = \"{order.customer}:place\")");
    }

    @Test
    void p018_placeholderNamesFloatingPointOrBytes() {
        JavaFileObject source = java("test.Payments",
                "record Payment(String id, double amount, byte[] payload) {}",
                "class Payments {",
                "    @Idempotent(",
                "            action = \"payments.capture\",",
                "            allowFloatingPoint = true,",
                "            key = \"{payment.amount}:{payment.payload}\")",
                "    String capture(Payment payment) {",
                "        return payment.id();",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(2);
        assertReported(compilation, Diagnostic.Kind.ERROR, source, Message.TEMPLATE_NOT_SCALAR,
                "key template placeholder {payment.amount} has type double",
                "key = \"{payment.amount}:{payment.payload}\")");
        assertReported(compilation, Diagnostic.Kind.ERROR, source, Message.TEMPLATE_NOT_SCALAR,
                "key template placeholder {payment.payload} has type byte[]",
                "key = \"{payment.amount}:{payment.payload}\")");
    }

    @Test
    void keyTemplateMayUseAPropertyExcludedFromTheFingerprint() {
        assertCompilesCleanly(
                java("test.Callback",
                        "record Callback(@FingerprintExclude String deliveryId, String txnId, long amount) {}"),
                java("test.Callbacks",
                        "class Callbacks {",
                        "    @Idempotent(action = \"callbacks.settle\", key = \"{callback.deliveryId}:settle\")",
                        "    String settle(Callback callback) {",
                        "        return callback.txnId();",
                        "    }",
                        "}"));
    }

    @Test
    void parametersNamedLikeGeneratedLocals() {
        assertCompilesCleanly(ORDER,
                java("test.Orders",
                        "class Orders {",
                        "    @Idempotent(action = \"orders.place\", key = \"{arguments.id}:{out}\")",
                        "    String place(Order arguments, String out) {",
                        "        return out;",
                        "    }",
                        "}"));
    }
}
