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
 * P010, P011: every fingerprinted type has a canonical encoding; and every supported shape compiles without a
 * single warning (and its generated code too).
 */
class EncodingChecksTest {

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
        assertError(source, Message.NOT_ENCODABLE,
                "" + message,
                "fingerprint = \"" + name + "\")");
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
        assertError(source, Message.NOT_ENCODABLE,
                "fingerprint field 'entity' has type T, which has no canonical encoding: a type variable can hold "
                        + "any type; fingerprint a concrete type",
                "@Idempotent(action = \"orders.save\")");
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
        assertReported(compilation, Diagnostic.Kind.ERROR, source, Message.NOT_ENCODABLE,
                "fingerprint field 'tree.children[]' has type test.Node<java.lang.String>, which has no canonical "
                        + "encoding: it contains itself",
                "\"tree\",");
        assertReported(compilation, Diagnostic.Kind.ERROR, source, Message.NOT_ENCODABLE,
                "fingerprint field 'box.next' has type test.Box<java.util.List<java.lang.String>>, which has no "
                        + "canonical encoding: it contains itself",
                "\"box\"})");
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
        assertError(source, Message.FLOATING_POINT,
                "fingerprint field 'payment.amount' is double: binary floating point does not hold money exactly; "
                        + "use BigDecimal or an integer of minor units, or set @Idempotent(allowFloatingPoint = true)",
                "fingerprint = \"payment\")");
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
        assertError(source, Message.FLOATING_POINT,
                "fingerprint field 'rate' is java.lang.Float: binary floating point",
                "\"rate\"})");
    }

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
}
