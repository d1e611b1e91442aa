package io.idempo.processor;

import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.idempo.processor.ProcessorCompiler.compile;
import static io.idempo.processor.ProcessorCompiler.compileWithOptions;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One or more negative tests per diagnostic (IDEM-P001 to P021; P099 is an internal failure and cannot be
 * provoked), each asserting the code, a distinctive part of the message and the line javac points at, and
 * positive tests proving that every supported shape compiles without a single warning.
 *
 * <p>Every test source is in package {@code test} and imports {@code io.idempo.*}, {@code java.math.*},
 * {@code java.time.*} and {@code java.util.*} (see {@link #java}); the offending element or attribute is on a
 * line of its own, so that {@code onLineContaining} proves the position, not just the message.
 */
class DiagnosticsTest {

    private static final Pattern ACTION = Pattern.compile("action = \"([^\"]+)\"");

    // ---------------------------------------------------------------------------------------------------------
    // P001, P002, P003, P015: the method and its result
    // ---------------------------------------------------------------------------------------------------------

    @Test
    void p001_voidMethodWithoutNoResult() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(action = \"orders.cancel\")",
                "    void cancel(String orderId) {",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P001] @Idempotent method returns void, so a duplicate has no result "
                        + "to replay; return the result, or set @Idempotent(noResult = true)")
                .inFile(source).onLineContaining("@Idempotent(action = \"orders.cancel\")");
    }

    @Test
    void p002_interfaceMethod() {
        JavaFileObject source = java("test.Orders",
                "interface Orders {",
                "    @Idempotent(action = \"orders.place\")",
                "    String place(String orderId);",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P002] @Idempotent on an interface method does nothing: the aspect "
                        + "weaves method bodies; put it on the implementing method")
                .inFile(source).onLineContaining("@Idempotent(action = \"orders.place\")");
    }

    @Test
    void p002_abstractMethod() {
        JavaFileObject source = java("test.Orders",
                "abstract class Orders {",
                "    @Idempotent(action = \"orders.place\")",
                "    abstract String place(String orderId);",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("[IDEM-P002] @Idempotent on an abstract method does nothing")
                .inFile(source).onLineContaining("@Idempotent(action = \"orders.place\")");
    }

    @Test
    void p003_noResultOnMethodReturningValue() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            noResult = true)",
                "    String place(String orderId) {",
                "        return orderId;",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P003] noResult = true, but the method returns java.lang.String: "
                        + "duplicates would get no result; remove noResult")
                .inFile(source).onLineContaining("noResult = true)");
    }

    @Test
    void p015_returnTypeIsMethodTypeVariable() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(action = \"orders.load\")",
                "    <T> T load(String orderId) {",
                "        return null;",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P015] return type T uses the method's type variable T, which is "
                        + "unknown when a duplicate replays the stored result; return a concrete type")
                .inFile(source).onLineContaining("@Idempotent(action = \"orders.load\")");
    }

    @Test
    void p015_returnTypeArgumentIsMethodTypeVariable() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(action = \"orders.loadAll\")",
                "    <T extends Number> List<? extends T> loadAll(String orderId) {",
                "        return List.of();",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P015] return type java.util.List<? extends T> uses the method's "
                        + "type variable T")
                .inFile(source).onLineContaining("@Idempotent(action = \"orders.loadAll\")");
    }

    // ---------------------------------------------------------------------------------------------------------
    // P004, P005, P006: key and scope parameters
    // ---------------------------------------------------------------------------------------------------------

    @Test
    void p004_templateAndKeyParameter() {
        JavaFileObject source = java("test.Orders",
                "record Order(String id) {}",
                "class Orders {",
                "    @Idempotent(action = \"orders.place\", key = \"{order.id}\")",
                "    String place(",
                "            @IdempotencyKey String requestKey,",
                "            Order order) {",
                "        return order.id();",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P004] @IdempotencyKey parameter 'requestKey' and the key template "
                        + "\"{order.id}\" both give the key; an @Idempotent method takes its key from exactly "
                        + "one source")
                .inFile(source).onLineContaining("@IdempotencyKey String requestKey,");
    }

    @Test
    void p004_twoKeyParameters() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(action = \"orders.place\")",
                "    String place(",
                "            @IdempotencyKey String requestKey,",
                "            @IdempotencyKey String otherKey,",
                "            String sku) {",
                "        return sku;",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P004] parameter 'otherKey' is a second @IdempotencyKey; an "
                        + "@Idempotent method takes its key from exactly one source")
                .inFile(source).onLineContaining("@IdempotencyKey String otherKey,");
    }

    @Test
    void p004_twoScopeParameters() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(action = \"orders.place\")",
                "    String place(",
                "            @IdempotencyScope String tenant,",
                "            @IdempotencyScope long userId,",
                "            String sku) {",
                "        return sku;",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P004] parameter 'userId' is a second @IdempotencyScope; an "
                        + "@Idempotent method takes its scope from exactly one source")
                .inFile(source).onLineContaining("@IdempotencyScope long userId,");
    }

    @Test
    void p005_keyParameterOfUnusableType() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(action = \"orders.place\")",
                "    String place(",
                "            @IdempotencyKey long requestKey,",
                "            String sku) {",
                "        return sku;",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P005] @IdempotencyKey parameter 'requestKey' has type long; use "
                        + "String, CharSequence or UUID")
                .inFile(source).onLineContaining("@IdempotencyKey long requestKey,");
    }

    @Test
    void p005_scopeParameterOfUnusableType() {
        JavaFileObject source = java("test.Orders",
                "record Tenant(String id) {}",
                "class Orders {",
                "    @Idempotent(action = \"orders.place\")",
                "    String place(",
                "            @IdempotencyScope Tenant tenant,",
                "            String sku) {",
                "        return sku;",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P005] @IdempotencyScope parameter 'tenant' has type test.Tenant; use "
                        + "String, CharSequence, UUID, long, int (or their boxes) or java.security.Principal")
                .inFile(source).onLineContaining("@IdempotencyScope Tenant tenant,");
    }

    @Test
    void p006_keyParameterOnMethodWithoutIdempotent() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    String place(",
                "            @IdempotencyKey String requestKey,",
                "            String sku) {",
                "        return sku;",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P006] @IdempotencyKey on a parameter of place, which is not "
                        + "@Idempotent: it does nothing; annotate the method with @Idempotent or remove it")
                .inFile(source).onLineContaining("@IdempotencyKey String requestKey,");
    }

    @Test
    void p006_scopeParameterOnConstructor() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    private final String tenant;",
                "    Orders(",
                "            @IdempotencyScope String tenant) {",
                "        this.tenant = tenant;",
                "    }",
                "    String tenant() {",
                "        return tenant;",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P006] @IdempotencyScope on a parameter of the constructor of Orders, "
                        + "which is not @Idempotent: it does nothing; only a method can be @Idempotent, so remove it")
                .inFile(source).onLineContaining("@IdempotencyScope String tenant) {");
    }

    @Test
    void p006_keyOnRecordComponent() {
        JavaFileObject source = java("test.PlaceOrder",
                "record PlaceOrder(",
                "        @IdempotencyKey String requestKey,",
                "        String sku) {",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P006] @IdempotencyKey on a parameter of the constructor of PlaceOrder, "
                        + "which is not @Idempotent")
                .inFile(source).onLineContaining("@IdempotencyKey String requestKey,");
    }

    // ---------------------------------------------------------------------------------------------------------
    // P007, P008, P009, P018: key template and paths
    // ---------------------------------------------------------------------------------------------------------

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
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("[IDEM-P007] key template \"" + template + "\" " + problem)
                .inFile(source).onLineContaining("key = \"");
    }

    @Test
    void p008_fingerprintPathNamesUnknownParameter() {
        JavaFileObject source = java("test.Orders",
                "record Order(String id) {}",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            fingerprint = {",
                "                \"order.id\",",
                "                \"request.id\"})",
                "    String place(Order order, String note) {",
                "        return note;",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P008] fingerprint path 'request.id' names parameter 'request', which "
                        + "does not exist; the parameters are: order, note")
                .inFile(source).onLineContaining("\"request.id\"})");
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
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P008] key template path 'request.id' names parameter 'request', which "
                        + "does not exist; the parameters are: order")
                .inFile(source).onLineContaining("key = \"{request.id}\")");
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
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P008] key template path 'run.date' names parameter 'run', but the "
                        + "method has no parameters")
                .inFile(source).onLineContaining("key = \"{run.date}\")");
    }

    @Test
    void p008_fingerprintPathNamesKeyParameter() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            fingerprint = \"requestKey\")",
                "    String place(@IdempotencyKey String requestKey, String sku) {",
                "        return sku;",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P008] fingerprint path 'requestKey' names parameter 'requestKey', the "
                        + "@IdempotencyKey parameter, which is never part of the fingerprint")
                .inFile(source).onLineContaining("fingerprint = \"requestKey\")");
    }

    @Test
    void p008_fingerprintPathNamesScopeParameter() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            fingerprint = \"tenant.length\")",
                "    String place(@IdempotencyScope String tenant, String sku) {",
                "        return sku;",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P008] fingerprint path 'tenant.length' names parameter 'tenant', the "
                        + "@IdempotencyScope parameter, which is never part of the fingerprint")
                .inFile(source).onLineContaining("fingerprint = \"tenant.length\")");
    }

    @Test
    void p009_privateFieldWithoutGetter() {
        JavaFileObject source = java("test.Orders",
                "class Order {",
                "    private String secret;",
                "    public String getId() {",
                "        return secret;",
                "    }",
                "}",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            fingerprint = \"order.secret\")",
                "    String place(Order order) {",
                "        return order.getId();",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P009] fingerprint path 'order.secret': test.Order has no readable "
                        + "property 'secret' (a record component, a getter or a field visible from package test)")
                .inFile(source).onLineContaining("fingerprint = \"order.secret\")");
    }

    @Test
    void p009_excludedPropertyNamedExplicitly() {
        JavaFileObject source = java("test.Orders",
                "record Order(String id, @FingerprintExclude Instant sentAt) {}",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            fingerprint = {",
                "                \"order.id\",",
                "                \"order.sentAt\"})",
                "    String place(Order order) {",
                "        return order.id();",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P009] fingerprint path 'order.sentAt' names property 'sentAt' of "
                        + "test.Order, which is marked @FingerprintExclude; remove the path, or remove "
                        + "@FingerprintExclude to fingerprint the property")
                .inFile(source).onLineContaining("\"order.sentAt\"})");
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
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P009] key template path 'order.id.value': java.lang.String has no "
                        + "readable property 'value'")
                .inFile(source).onLineContaining("key = \"{order.id.value}\")");
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
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P018] key template placeholder {order.customer} has type test.Customer; "
                        + "a placeholder must name a string, integer, decimal, boolean, enum, UUID or java.time "
                        + "value")
                .inFile(source).onLineContaining("key = \"{order.customer}:place\")");
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
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P018] key template placeholder {payment.amount} has type double")
                .inFile(source).onLineContaining("key = \"{payment.amount}:{payment.payload}\")");
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P018] key template placeholder {payment.payload} has type byte[]")
                .inFile(source).onLineContaining("key = \"{payment.amount}:{payment.payload}\")");
    }

    // ---------------------------------------------------------------------------------------------------------
    // P010, P011, P019, P021: fingerprint encoding
    // ---------------------------------------------------------------------------------------------------------

    static Stream<Arguments> unencodableTypes() {
        return Stream.of(
                Arguments.of("Object", "payload", "fingerprint field 'payload' has type java.lang.Object, which has "
                        + "no canonical encoding: Object can hold anything; declare the concrete type"),
                Arguments.of("@SuppressWarnings(\"rawtypes\") List", "payload", "fingerprint field 'payload' has "
                        + "type java.util.List, which has no canonical encoding: it is a raw type; give its type "
                        + "arguments"),
                Arguments.of("List<?>", "payload", "fingerprint field 'payload[]' has type ?, which has no "
                        + "canonical encoding: a wildcard can hold any type; declare the element type exactly"),
                Arguments.of("Set<? extends Number>", "payload", "fingerprint field 'payload[]' has type ? extends "
                        + "java.lang.Number, which has no canonical encoding: a wildcard can hold any type"),
                Arguments.of("Opaque", "payload", "fingerprint field 'payload' has type test.Opaque, which has no "
                        + "canonical encoding: it has no readable property (record component, getter or field "
                        + "visible from package test)"),
                Arguments.of("Collection<String>", "payload", "fingerprint field 'payload' has type "
                        + "java.util.Collection<java.lang.String>, which has no canonical encoding: a Collection or "
                        + "Iterable has no defined order; declare a List (ordered) or a Set (sorted)"),
                Arguments.of("HashMap<String, Object>", "payload", "fingerprint field 'payload{value}' has type "
                        + "java.lang.Object, which has no canonical encoding: Object can hold anything"),
                Arguments.of("Category", "payload", "fingerprint field 'payload.parent' has type test.Category, "
                        + "which has no canonical encoding: it contains itself, so its encoding would never end; "
                        + "list the paths to fingerprint"),
                Arguments.of("Date", "payload", "fingerprint field 'payload' has type java.util.Date, which has no "
                        + "canonical encoding: its text form depends on the default time zone; use "
                        + "java.time.Instant or LocalDate"),
                Arguments.of("Number", "payload", "fingerprint field 'payload' has type java.lang.Number, which has "
                        + "no canonical encoding: declare BigDecimal or an integral type"),
                Arguments.of("int[]", "payload", "fingerprint field 'payload' has type int[], which has no "
                        + "canonical encoding: of primitive arrays only byte[] is encoded; use a List"));
    }

    @ParameterizedTest
    @MethodSource("unencodableTypes")
    void p010_typeWithoutCanonicalEncoding(String type, String name, String message) {
        JavaFileObject source = java("test.Orders",
                "class Opaque {",
                "    private final String value = \"x\";",
                "    String value() {",
                "        return value;",
                "    }",
                "}",
                "record Category(String name, Category parent) {}",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            fingerprint = \"" + name + "\")",
                "    String place(" + type + " " + name + ") {",
                "        return \"ok\";",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("[IDEM-P010] " + message)
                .inFile(source).onLineContaining("fingerprint = \"" + name + "\")");
    }

    @Test
    void p010_implicitFingerprintIsReportedOnTheAnnotation() {
        JavaFileObject source = java("test.Orders",
                "class Orders<T> {",
                "    @Idempotent(action = \"orders.save\")",
                "    String save(T entity) {",
                "        return \"ok\";",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P010] fingerprint field 'entity' has type T, which has no canonical "
                        + "encoding: a type variable can hold any type; fingerprint a concrete type")
                .inFile(source).onLineContaining("@Idempotent(action = \"orders.save\")");
    }

    @Test
    void p010_recursiveGenericTypes() {
        JavaFileObject source = java("test.Trees",
                "record Node<T>(T value, List<Node<T>> children) {}",
                "record Box<T>(T value, Box<List<T>> next) {}",
                "class Trees {",
                "    @Idempotent(",
                "            action = \"trees.plant\",",
                "            fingerprint = {",
                "                \"tree\",",
                "                \"box\"})",
                "    String plant(Node<String> tree, Box<String> box) {",
                "        return \"ok\";",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P010] fingerprint field 'tree.children[]' has type "
                        + "test.Node<java.lang.String>, which has no canonical encoding: it contains itself")
                .inFile(source).onLineContaining("\"tree\",");
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P010] fingerprint field 'box.next' has type "
                        + "test.Box<java.util.List<java.lang.String>>, which has no canonical encoding: it contains "
                        + "itself")
                .inFile(source).onLineContaining("\"box\"})");
    }

    @Test
    void p011_doubleField() {
        JavaFileObject source = java("test.Payments",
                "record Payment(String id, double amount) {}",
                "class Payments {",
                "    @Idempotent(",
                "            action = \"payments.capture\",",
                "            fingerprint = \"payment\")",
                "    String capture(Payment payment) {",
                "        return payment.id();",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P011] fingerprint field 'payment.amount' is double: binary floating "
                        + "point does not hold money exactly; use BigDecimal or an integer of minor units, or set "
                        + "@Idempotent(allowFloatingPoint = true)")
                .inFile(source).onLineContaining("fingerprint = \"payment\")");
    }

    @Test
    void p011_boxedFloatParameter() {
        JavaFileObject source = java("test.Payments",
                "class Payments {",
                "    @Idempotent(",
                "            action = \"payments.capture\",",
                "            fingerprint = {",
                "                \"id\",",
                "                \"rate\"})",
                "    String capture(String id, Float rate) {",
                "        return id;",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P011] fingerprint field 'rate' is java.lang.Float: binary floating point")
                .inFile(source).onLineContaining("\"rate\"})");
    }

    @Test
    void p019_repeatedPath() {
        JavaFileObject source = java("test.Orders",
                "record Order(String id, long quantity) {}",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            fingerprint = {",
                "                \"order.id\",",
                "                \"order.quantity\",",
                "                \"order.id\" })",
                "    String place(Order order) {",
                "        return order.id();",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P019] fingerprint path 'order.id' repeats 'order.id'; list each field "
                        + "once")
                .inFile(source).onLineContaining("\"order.id\" })");
    }

    @Test
    void p019_nestedPathAfterItsParent() {
        JavaFileObject source = java("test.Orders",
                "record Order(String id, long quantity) {}",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            fingerprint = {",
                "                \"order\",",
                "                \"order.quantity\"})",
                "    String place(Order order) {",
                "        return order.id();",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P019] fingerprint path 'order.quantity' is already covered by 'order'; "
                        + "list each field once")
                .inFile(source).onLineContaining("\"order.quantity\"})");
    }

    @Test
    void p019_parentPathAfterNestedOne() {
        JavaFileObject source = java("test.Orders",
                "record Order(String id, long quantity) {}",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            fingerprint = {",
                "                \"order.quantity\",",
                "                \"order\"})",
                "    String place(Order order) {",
                "        return order.id();",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P019] fingerprint path 'order' covers the earlier path "
                        + "'order.quantity'; list each field once")
                .inFile(source).onLineContaining("\"order\"})");
    }

    @Test
    void p021_interfaceTypedFieldIsAWarning() {
        JavaFileObject source = abstractFingerprintSource();
        Compilation compilation = compile(source, CUSTOMER_INTERFACE, ORDER_WITH_CUSTOMER);
        assertThat(compilation).succeeded();
        assertThat(compilation).hadWarningCount(1);
        assertThat(compilation)
                .hadWarningContaining("[IDEM-P021] fingerprint field 'order.customer' has the abstract type "
                        + "test.Customer: only its own readable properties are covered, not those an "
                        + "implementation adds; fingerprint a concrete type or list the paths explicitly")
                .inFile(source).onLineContaining("fingerprint = \"order\")");
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
        Compilation compilation = compile(source, shape);
        assertThat(compilation).succeeded();
        assertThat(compilation).hadWarningCount(1);
        assertThat(compilation)
                .hadWarningContaining("[IDEM-P021] fingerprint field 'shape' has the abstract type test.Shape")
                .inFile(source).onLineContaining("@Idempotent(action = \"orders.draw\")");
    }

    @Test
    void p021_stabilityErrorMakesItAnError() {
        JavaFileObject source = abstractFingerprintSource();
        Compilation compilation = compileWithOptions(new String[] {"-Xlint:all,-processing",
            "-Aidempo.stability=error"}, source, CUSTOMER_INTERFACE, ORDER_WITH_CUSTOMER);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("[IDEM-P021] fingerprint field 'order.customer' has the "
                        + "abstract type test.Customer")
                .inFile(source).onLineContaining("fingerprint = \"order\")");
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

    private static final JavaFileObject CUSTOMER_INTERFACE = java("test.Customer",
            "interface Customer {",
            "    String getName();",
            "}");

    private static final JavaFileObject ORDER_WITH_CUSTOMER = java("test.Order",
            "record Order(String id, Customer customer) {}");

    private static final JavaFileObject ORDER = java("test.Order",
            "record Order(String id, long quantity) {}");

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

    private static JavaFileObject validOrderSource() {
        return java("test.Orders",
                "class Orders {",
                "    @Idempotent(action = \"orders.place\")",
                "    String place(@IdempotencyKey String requestKey, Order order) {",
                "        return order.id();",
                "    }",
                "}");
    }

    // ---------------------------------------------------------------------------------------------------------
    // P012, P013, P014: attribute values
    // ---------------------------------------------------------------------------------------------------------

    @Test
    void p012_zeroTtl() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            ttl = \"PT0S\",",
                "            lease = \"PT30S\")",
                "    String place(String sku) {",
                "        return sku;",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P012] ttl = \"PT0S\" is not positive; write a positive ISO-8601 duration "
                        + "such as \"PT30M\" or \"PT24H\"")
                .inFile(source).onLineContaining("ttl = \"PT0S\",");
    }

    @Test
    void p012_negativeLease() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            ttl = \"PT30M\",",
                "            lease = \"-PT30S\")",
                "    String place(String sku) {",
                "        return sku;",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("[IDEM-P012] lease = \"-PT30S\" is not positive")
                .inFile(source).onLineContaining("lease = \"-PT30S\")");
    }

    @Test
    void p012_notADuration() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            ttl = \"30 minutes\")",
                "    String place(String sku) {",
                "        return sku;",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("[IDEM-P012] ttl = \"30 minutes\" is not an ISO-8601 duration")
                .inFile(source).onLineContaining("ttl = \"30 minutes\")");
    }

    @Test
    void p012_monthsAreNotADuration() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            ttl = \"P1M\")",
                "    String place(String sku) {",
                "        return sku;",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P012] ttl = \"P1M\" uses years, months or weeks, which "
                        + "java.time.Duration does not accept (count days, as in \"P30D\"); write a positive "
                        + "ISO-8601 duration such as \"PT30M\" or \"PT24H\"")
                .inFile(source).onLineContaining("ttl = \"P1M\")");
    }

    @Test
    void p013_malformedExplicitAction() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"orders:place\")",
                "    String place(String sku) {",
                "        return sku;",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P013] action \"orders:place\" must match [A-Za-z][A-Za-z0-9_.-]{0,63}; "
                        + "set @Idempotent(action = \"...\")")
                .inFile(source).onLineContaining("action = \"orders:place\")");
    }

    @Test
    void p013_actionTooLong() {
        String action = "orders." + "x".repeat(58);
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"" + action + "\")",
                "    String place(String sku) {",
                "        return sku;",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("[IDEM-P013] action \"" + action + "\" must match")
                .inFile(source).onLineContaining("action = \"" + action + "\")");
    }

    @Test
    void p013_malformedDerivedAction() {
        JavaFileObject source = java("test._Orders",
                "class _Orders {",
                "    @Idempotent",
                "    String place(String sku) {",
                "        return sku;",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P013] action \"_Orders.place\" (derived from the class and method "
                        + "names) must match [A-Za-z][A-Za-z0-9_.-]{0,63}; set @Idempotent(action = \"...\")")
                .inFile(source).onLineContaining("@Idempotent");
    }

    @Test
    void p014_duplicateExplicitAction() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"orders.place\")",
                "    String place(String sku) {",
                "        return sku;",
                "    }",
                "    @Idempotent(",
                "            action = \"orders.place\" )",
                "    String placeAgain(String sku) {",
                "        return sku;",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P014] action \"orders.place\" is already used by "
                        + "test.Orders.place(java.lang.String); records of two methods would share keys, give each "
                        + "its own @Idempotent(action = \"...\")")
                .inFile(source).onLineContaining("action = \"orders.place\" )");
    }

    @Test
    void p014_duplicateActionAcrossFiles() {
        JavaFileObject orders = java("test.Orders",
                "class Orders {",
                "    @Idempotent(action = \"shop.place\")",
                "    String place(String sku) {",
                "        return sku;",
                "    }",
                "}");
        JavaFileObject carts = java("test.Carts",
                "class Carts {",
                "    @Idempotent(action = \"shop.place\")",
                "    String place(String sku) {",
                "        return sku;",
                "    }",
                "}");
        Compilation compilation = compile(orders, carts);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P014] action \"shop.place\" is already used by "
                        + "test.Orders.place(java.lang.String)")
                .inFile(carts).onLineContaining("@Idempotent(action = \"shop.place\")");
    }

    @Test
    void p014_overloadsShareTheDerivedAction() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent",
                "    String place(String sku) {",
                "        return sku;",
                "    }",
                "    @Idempotent /* overload */",
                "    String place(String sku, int quantity) {",
                "        return sku;",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P014] action \"Orders.place\" is already used by "
                        + "test.Orders.place(java.lang.String)")
                .inFile(source).onLineContaining("@Idempotent /* overload */");
    }

    // ---------------------------------------------------------------------------------------------------------
    // P016, P017: stored exceptions
    // ---------------------------------------------------------------------------------------------------------

    @Test
    void p016_checkedExceptionNotDeclared() {
        JavaFileObject source = java("test.Payments",
                "class PaymentDeclinedException extends Exception {",
                "    private static final long serialVersionUID = 1L;",
                "    public PaymentDeclinedException(String message) {",
                "        super(message);",
                "    }",
                "}",
                "class Payments {",
                "    @Idempotent(",
                "            action = \"payments.capture\",",
                "            storeExceptions = {",
                "                IllegalStateException.class,",
                "                PaymentDeclinedException.class})",
                "    String capture(String paymentId) {",
                "        return paymentId;",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P016] storeExceptions names test.PaymentDeclinedException, a checked "
                        + "exception the method does not declare, so it can never be stored; add it to the throws "
                        + "clause or remove it")
                .inFile(source).onLineContaining("PaymentDeclinedException.class})");
    }

    @Test
    void p017_exceptionWithoutStringConstructor() {
        JavaFileObject source = java("test.Payments",
                "class PaymentDeclinedException extends RuntimeException {",
                "    private static final long serialVersionUID = 1L;",
                "    public PaymentDeclinedException(String message, int code) {",
                "        super(message + code);",
                "    }",
                "}",
                "class Payments {",
                "    @Idempotent(",
                "            action = \"payments.capture\",",
                "            storeExceptions = {",
                "                IllegalStateException.class,",
                "                PaymentDeclinedException.class})",
                "    String capture(String paymentId) {",
                "        return paymentId;",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P017] storeExceptions names test.PaymentDeclinedException, which replay "
                        + "cannot rebuild: it has no public constructor taking a single String message; add one")
                .inFile(source).onLineContaining("PaymentDeclinedException.class})");
    }

    @Test
    void p017_abstractException() {
        JavaFileObject source = java("test.Payments",
                "abstract class PaymentException extends RuntimeException {",
                "    private static final long serialVersionUID = 1L;",
                "    public PaymentException(String message) {",
                "        super(message);",
                "    }",
                "}",
                "class Payments {",
                "    @Idempotent(",
                "            action = \"payments.capture\",",
                "            storeExceptions =",
                "                PaymentException.class)",
                "    String capture(String paymentId) {",
                "        return paymentId;",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P017] storeExceptions names test.PaymentException, which replay cannot "
                        + "rebuild: it is abstract; name the concrete types that are thrown")
                .inFile(source).onLineContaining("PaymentException.class)");
    }

    // ---------------------------------------------------------------------------------------------------------
    // P020: what the generated class cannot name
    // ---------------------------------------------------------------------------------------------------------

    @Test
    void p020_privateNestedRecordAsParameter() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    private record Line(String sku, int quantity) {}",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            fingerprint = \"line\")",
                "    String place(Line line) {",
                "        return line.sku();",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P020] type test.Orders.Line of parameter 'line' is not accessible from "
                        + "the generated class in package test; make it package-private or public")
                .inFile(source).onLineContaining("fingerprint = \"line\")");
    }

    @Test
    void p020_privateNestedRecordInKeyTemplate() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    private record Line(String sku, int quantity) {}",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            key = \"{line.sku}\",",
                "            fingerprint = \"quantity\")",
                "    String place(Line line, int quantity) {",
                "        return line.sku();",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P020] type test.Orders.Line of parameter 'line' is not accessible")
                .inFile(source).onLineContaining("key = \"{line.sku}\",");
    }

    @Test
    void p020_privateNestedRecordAsPropertyType() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    private record Secret(String value) {}",
                "    record Line(String sku, Secret secret) {}",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            fingerprint = \"line\")",
                "    String place(Line line) {",
                "        return line.sku();",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P020] type test.Orders.Secret (fingerprint field 'line.secret') is not "
                        + "accessible from the generated class in package test")
                .inFile(source).onLineContaining("fingerprint = \"line\")");
    }

    @Test
    void p020_methodOfPrivateNestedClass() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    private static class Handler {",
                "        @Idempotent(action = \"orders.handle\")",
                "        String handle(String sku) {",
                "            return sku;",
                "        }",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P020] a method of private class Handler is not accessible from the "
                        + "generated class in package test; make it package-private or public")
                .inFile(source).onLineContaining("@Idempotent(action = \"orders.handle\")");
    }

    @Test
    void p020_methodOfClassInsidePrivateClass() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    private static class Handlers {",
                "        static class Handler {",
                "            @Idempotent(action = \"orders.handle\")",
                "            String handle(String sku) {",
                "                return sku;",
                "            }",
                "        }",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P020] a method of Handler, inside private class Handlers, is not "
                        + "accessible from the generated class in package test; make it package-private or public")
                .inFile(source).onLineContaining("@Idempotent(action = \"orders.handle\")");
    }

    @Test
    void p020_parameterTypeInsidePrivateClass() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    private static class Model {",
                "        record Line(String sku) {}",
                "    }",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            fingerprint = \"lines\")",
                "    String place(List<Model.Line> lines) {",
                "        return \"ok\";",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P020] type test.Orders.Model of parameter 'lines' is not accessible "
                        + "from the generated class in package test; make it package-private or public")
                .inFile(source).onLineContaining("fingerprint = \"lines\")");
    }

    @Test
    void p020_privateStoredException() {
        JavaFileObject source = java("test.Payments",
                "class Payments {",
                "    private static class DeclinedException extends RuntimeException {",
                "        private static final long serialVersionUID = 1L;",
                "        public DeclinedException(String message) {",
                "            super(message);",
                "        }",
                "    }",
                "    @Idempotent(",
                "            action = \"payments.capture\",",
                "            storeExceptions = {",
                "                DeclinedException.class})",
                "    String capture(String paymentId) {",
                "        return paymentId;",
                "    }",
                "}");
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("[IDEM-P020] exception test.Payments.DeclinedException is not accessible from "
                        + "the generated class in package test")
                .inFile(source).onLineContaining("DeclinedException.class})");
    }

    // ---------------------------------------------------------------------------------------------------------
    // No false positives: every supported shape compiles without a single warning (and its generated code too)
    // ---------------------------------------------------------------------------------------------------------

    @Test
    void records() {
        assertCompilesCleanly(
                java("test.Line", "record Line(String sku, int quantity, BigDecimal price) {}"),
                java("test.OrderRequest",
                        "record OrderRequest(String customerId, List<Line> lines, Instant requestedAt) {}"),
                java("test.Orders",
                        "class Orders {",
                        "    @Idempotent(action = \"orders.place\", ttl = \"PT30M\", lease = \"PT30S\")",
                        "    String place(@IdempotencyKey String requestKey, @IdempotencyScope long tenant,",
                        "            OrderRequest request) {",
                        "        return request.customerId();",
                        "    }",
                        "    @Idempotent(action = \"orders.amend\", ttl = \"P1D\",",
                        "            fingerprint = {\"request.customerId\", \"request.lines\"})",
                        "    String amend(@IdempotencyKey String requestKey, OrderRequest request, String comment) {",
                        "        return comment;",
                        "    }",
                        "}"));
    }

    @Test
    void pojoWithGetters() {
        assertCompilesCleanly(
                java("test.Customer",
                        "class Customer {",
                        "    private String name;",
                        "    private boolean vip;",
                        "    private String URL;",
                        "    public String getName() {",
                        "        return name;",
                        "    }",
                        "    public boolean isVip() {",
                        "        return vip;",
                        "    }",
                        "    public String getURL() {",
                        "        return URL;",
                        "    }",
                        "}"),
                java("test.Customers",
                        "class Customers {",
                        "    @Idempotent(action = \"customers.register\",",
                        "            fingerprint = {\"customer.name\", \"customer.vip\", \"customer.URL\"})",
                        "    String register(Customer customer) {",
                        "        return customer.getName();",
                        "    }",
                        "    @Idempotent(action = \"customers.update\", key = \"{customer.name}:{customer.vip}\")",
                        "    String update(Customer customer) {",
                        "        return customer.getName();",
                        "    }",
                        "}"));
    }

    @Test
    void publicFields() {
        assertCompilesCleanly(
                java("test.Address",
                        "class Address {",
                        "    public String street;",
                        "    public String city;",
                        "    public int zip;",
                        "    public static String COUNTRY = \"DE\";",
                        "}"),
                java("test.Shipping",
                        "class Shipping {",
                        "    @Idempotent(action = \"shipping.book\", key = \"{address.city}:{address.zip}\")",
                        "    String book(Address address) {",
                        "        return address.street;",
                        "    }",
                        "}"));
    }

    @Test
    void inheritedGetters() {
        assertCompilesCleanly(
                java("test.BaseCommand",
                        "abstract class BaseCommand {",
                        "    private String tenant;",
                        "    public String getTenant() {",
                        "        return tenant;",
                        "    }",
                        "}"),
                java("test.CreateUser",
                        "class CreateUser extends BaseCommand {",
                        "    private String email;",
                        "    public String getEmail() {",
                        "        return email;",
                        "    }",
                        "}"),
                java("test.Users",
                        "class Users {",
                        "    @Idempotent(action = \"users.create\", key = \"{command.tenant}:{command.email}\")",
                        "    String create(CreateUser command) {",
                        "        return command.getEmail();",
                        "    }",
                        "    @Idempotent(action = \"users.invite\", fingerprint = \"command.tenant\")",
                        "    String invite(@IdempotencyKey String key, CreateUser command) {",
                        "        return command.getEmail();",
                        "    }",
                        "    @Idempotent(action = \"users.import\")",
                        "    String importUser(CreateUser command) {",
                        "        return command.getEmail();",
                        "    }",
                        "}"));
    }

    @Test
    void genericRecordWithTypeArgument() {
        assertCompilesCleanly(ORDER,
                java("test.Page", "record Page<T>(List<T> items, int number) {}"),
                java("test.Orders",
                        "class Orders {",
                        "    @Idempotent(action = \"orders.import\")",
                        "    int importPage(Page<Order> page) {",
                        "        return page.items().size();",
                        "    }",
                        "    @Idempotent(action = \"orders.importFirst\", key = \"{page.number}\")",
                        "    int importFirst(Page<Order> page, Page<String> notes) {",
                        "        return page.items().size();",
                        "    }",
                        "}"));
    }

    @Test
    void nestedGenericRecordsAreNotRecursive() {
        assertCompilesCleanly(ORDER,
                java("test.Page", "record Page<T>(List<T> items, int number) {}"),
                java("test.Pair", "record Pair<A, B>(A first, B second) {}"),
                java("test.Orders",
                        "class Orders {",
                        "    @Idempotent(action = \"orders.importBook\")",
                        "    int importBook(Page<Page<Order>> book, Pair<Pair<String, Long>, String> pair,",
                        "            Page<Page<Order>[]> shelves) {",
                        "        return book.items().size();",
                        "    }",
                        "}"));
    }

    @Test
    void nestedGenericCollections() {
        assertCompilesCleanly(java("test.Inventory",
                "class Inventory {",
                "    @Idempotent(action = \"inventory.reserve\")",
                "    String reserve(Map<String, List<Set<Long>>> slots, List<Map<UUID, Boolean>> flags,",
                "            SortedMap<String, Character> codes, Set<List<Integer>> groups,",
                "            TreeMap<LocalDate, Optional<BigDecimal>> prices) {",
                "        return \"ok\";",
                "    }",
                "}"));
    }

    @Test
    void staticNestedAndInnerClasses() {
        assertCompilesCleanly(java("test.Orders",
                "class Orders {",
                "    static class Line {",
                "        public String sku;",
                "        public int quantity;",
                "    }",
                "    record Item(String sku, Line line) {}",
                "    class Note {",
                "        public String text;",
                "    }",
                "    @Idempotent(action = \"orders.place\", key = \"{line.sku}\")",
                "    String place(Line line, Note note, Item item) {",
                "        return line.sku;",
                "    }",
                "    static class Handler {",
                "        @Idempotent(action = \"orders.handle\")",
                "        String handle(Line line) {",
                "            return line.sku;",
                "        }",
                "    }",
                "    class Inner {",
                "        @Idempotent(action = \"orders.inner\")",
                "        String handle(Note note) {",
                "            return note.text;",
                "        }",
                "    }",
                "}"));
    }

    @Test
    void scalarsOptionalsAndArrays() {
        assertCompilesCleanly(
                java("test.Currency", "enum Currency { EUR, USD }"),
                java("test.Payment",
                        "record Payment(UUID id, Currency currency, BigDecimal amount, BigInteger cents, Instant at,",
                        "        LocalDate day, ZonedDateTime zoned, Duration window, char grade, Character mark,",
                        "        short small, Short boxedSmall, byte tiny, Boolean flag, CharSequence memo) {}"),
                java("test.Payments",
                        "class Payments {",
                        "    @Idempotent(action = \"payments.capture\",",
                        "            key = \"{payment.id}:{payment.currency}:{payment.amount}:{payment.day}:"
                                + "{payment.grade}:{payment.cents}:{payment.flag}\")",
                        "    String capture(Payment payment) {",
                        "        return payment.id().toString();",
                        "    }",
                        "    @Idempotent(action = \"payments.refund\")",
                        "    String refund(@IdempotencyKey UUID key, @IdempotencyScope Principal who,",
                        "            Currency currency, UUID id, OffsetDateTime at, Optional<String> reason,",
                        "            Optional<Payment> original, byte[] signature, Payment[] related, long amount,",
                        "            Long boxed, boolean partial, List<byte[]> attachments, String[] tags) {",
                        "        return \"ok\";",
                        "    }",
                        "    @Idempotent(action = \"payments.void\")",
                        "    String voidPayment(@IdempotencyKey CharSequence key, @IdempotencyScope int tenant,",
                        "            String id) {",
                        "        return id;",
                        "    }",
                        "    @Idempotent(action = \"payments.hold\")",
                        "    String hold(@IdempotencyScope Integer tenant, YearMonth month, ZoneId zone,",
                        "            String... notes) {",
                        "        return \"ok\";",
                        "    }",
                        "}"));
    }

    @Test
    void allowFloatingPoint() {
        assertCompilesCleanly(
                java("test.Payment", "record Payment(String id, double amount, Float rate, List<Double> history) {}"),
                java("test.Payments",
                        "class Payments {",
                        "    @Idempotent(action = \"payments.capture\", allowFloatingPoint = true)",
                        "    String capture(Payment payment, float fee) {",
                        "        return payment.id();",
                        "    }",
                        "}"));
    }

    @Test
    void voidWithNoResult() {
        assertCompilesCleanly(java("test.Orders",
                "class Orders {",
                "    @Idempotent(action = \"orders.cancel\", noResult = true)",
                "    void cancel(@IdempotencyKey String key, String orderId) {",
                "    }",
                "}"));
    }

    @Test
    void genericReturnTypes() {
        assertCompilesCleanly(ORDER,
                java("test.Repository",
                        "class Repository<T> {",
                        "    @Idempotent(action = \"repository.save\")",
                        "    Optional<T> save(String id) {",
                        "        return Optional.empty();",
                        "    }",
                        "    @Idempotent(action = \"repository.saveAll\")",
                        "    List<Order> saveAll(List<Order> orders) {",
                        "        return orders;",
                        "    }",
                        "    @Idempotent(action = \"repository.saveArray\")",
                        "    T[] saveArray(String id) {",
                        "        return null;",
                        "    }",
                        "    @Idempotent(action = \"repository.saveMap\")",
                        "    Map<String, List<? extends T>> saveMap(String id) {",
                        "        return Map.of();",
                        "    }",
                        "}"));
    }

    @Test
    void storedExceptions() {
        assertCompilesCleanly(
                java("test.PaymentDeclinedException",
                        "class PaymentDeclinedException extends Exception {",
                        "    private static final long serialVersionUID = 1L;",
                        "    public PaymentDeclinedException(String message) {",
                        "        super(message);",
                        "    }",
                        "}"),
                java("test.CardExpiredException",
                        "class CardExpiredException extends PaymentDeclinedException {",
                        "    private static final long serialVersionUID = 1L;",
                        "    public CardExpiredException(String message) {",
                        "        super(message);",
                        "    }",
                        "}"),
                java("test.Payments",
                        "class Payments {",
                        "    @Idempotent(action = \"payments.capture\",",
                        "            storeExceptions = {PaymentDeclinedException.class, IllegalStateException.class})",
                        "    String capture(String paymentId) throws PaymentDeclinedException {",
                        "        return paymentId;",
                        "    }",
                        "    @Idempotent(action = \"payments.authorize\",",
                        "            storeExceptions = CardExpiredException.class)",
                        "    String authorize(String paymentId) throws PaymentDeclinedException {",
                        "        return paymentId;",
                        "    }",
                        "    @Idempotent(action = \"payments.refund\",",
                        "            storeExceptions = UnsupportedOperationException.class)",
                        "    String refund(String paymentId) {",
                        "        return paymentId;",
                        "    }",
                        "    @Idempotent(action = \"payments.export\", storeExceptions = java.io.IOException.class)",
                        "    String export(String paymentId) throws java.io.FileNotFoundException {",
                        "        return paymentId;",
                        "    }",
                        "}"));
    }

    @Test
    void fingerprintExcludeIsHonoured() {
        assertCompilesCleanly(
                java("test.Order",
                        "record Order(String id, @FingerprintExclude Instant sentAt,",
                        "        @FingerprintExclude Object trace) {}"),
                java("test.Command",
                        "class Command {",
                        "    @FingerprintExclude",
                        "    private int attempt;",
                        "    private String sku;",
                        "    public int getAttempt() {",
                        "        return attempt;",
                        "    }",
                        "    public String getSku() {",
                        "        return sku;",
                        "    }",
                        "}"),
                java("test.Orders",
                        "class Orders {",
                        "    @Idempotent(action = \"orders.place\")",
                        "    String place(Order order, Command command) {",
                        "        return order.id();",
                        "    }",
                        "}"));
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
    void concreteMethodsOfEveryKind() {
        assertCompilesCleanly(
                java("test.Orders",
                        "class Orders {",
                        "    @Idempotent(action = \"orders.private\")",
                        "    private String placePrivately(String sku) {",
                        "        return sku;",
                        "    }",
                        "    @Idempotent(action = \"orders.static\")",
                        "    static String placeStatically(String sku) {",
                        "        return sku;",
                        "    }",
                        "    @Idempotent(action = \"orders.final\")",
                        "    final String placeFinally(String sku) {",
                        "        return placePrivately(sku);",
                        "    }",
                        "    @Idempotent",
                        "    String derived(String sku) {",
                        "        return sku;",
                        "    }",
                        "    @Idempotent(action = \"orders.ping\")",
                        "    String ping() {",
                        "        return \"pong\";",
                        "    }",
                        "}"),
                java("test.Mode",
                        "enum Mode {",
                        "    FAST;",
                        "    @Idempotent(action = \"mode.apply\")",
                        "    String apply(String sku) {",
                        "        return sku;",
                        "    }",
                        "}"),
                java("test.Cart",
                        "record Cart(String id) {",
                        "    @Idempotent(action = \"cart.checkout\")",
                        "    public String checkout(long total) {",
                        "        return id;",
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

    // ---------------------------------------------------------------------------------------------------------

    /**
     * Compiles with {@code -Xlint:all} (a lint warning in generated code fails the test as well) and checks that
     * every explicitly named action got its plan in the generated code.
     */
    private static void assertCompilesCleanly(JavaFileObject... sources) {
        Compilation compilation = compile(sources);
        assertThat(compilation).succeededWithoutWarnings();
        String generated = compilation.generatedSourceFiles().stream().map(DiagnosticsTest::text)
                .collect(Collectors.joining("\n"));
        for (JavaFileObject source : sources) {
            Matcher action = ACTION.matcher(text(source));
            while (action.find()) {
                assertWithMessage("plan of action %s", action.group(1)).that(generated)
                        .contains(".action(\"" + action.group(1) + "\")");
            }
        }
    }

    private static String text(JavaFileObject file) {
        try {
            return file.getCharContent(true).toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A source in package {@code test} with the imports every test uses, then {@code lines}. */
    private static JavaFileObject java(String qualifiedName, String... lines) {
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
