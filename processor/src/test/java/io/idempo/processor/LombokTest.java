package io.idempo.processor;

import static com.google.common.truth.Truth.assertThat;
import static io.idempo.processor.DiagnosticAssertions.assertOnlyError;
import static io.idempo.processor.DiagnosticAssertions.assertSucceededWithoutIdempoWarnings;
import static io.idempo.processor.DiagnosticAssertions.java;
import static io.idempo.processor.ProcessorCompiler.compile;
import static io.idempo.processor.Twins.assertSameFingerprints;
import static io.idempo.processor.Twins.twins;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import io.idempo.plan.MethodPlan;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Lombok's classes, with the real Lombok processor running before or after ours, as a processor path may order
 * them: {@code @Data}, {@code @Value}, {@code @Getter} (on the class or a field) and {@code @Builder} classes are
 * read through the getters Lombok adds, with the plan of a record of the same shape ({@link Twins}), in either order.
 * Lombok annotations on a class that Lombok never completes (it does not run) are P023.
 */
class LombokTest {

    private static final JavaFileObject DATA_DRAFT = java("test.Draft",
            "@lombok.Data",
            "@lombok.AllArgsConstructor",
            "class Draft {",
            "    private String sku;",
            "    private int quantity;",
            "    private boolean paid;",
            "}");

    private static final JavaFileObject PLAIN_DRAFT = java("test.PlainDraft",
            "record PlainDraft(String sku, int quantity, boolean paid) {}");

    private static Compilation twinsOf(ProcessorPath path, JavaFileObject draft, String attributes, String value) {
        return path.compile(draft, PLAIN_DRAFT, twins(attributes, "Draft", value, "PlainDraft",
                "new PlainDraft(sku, 2, true)"));
    }

    @ParameterizedTest
    @EnumSource(value = ProcessorPath.class, names = {"LOMBOK_FIRST", "LOMBOK_LAST"})
    void dataClassFingerprintedWhole(ProcessorPath path) {
        Compilation compilation = twinsOf(path, DATA_DRAFT, "", "new Draft(sku, 2, true)");
        assertSucceededWithoutIdempoWarnings(compilation);
        assertSameFingerprints(compilation, "Draft", "PlainDraft");
    }

    /** The case: a path into a {@code @Data} class was a false P009 with Lombok after idempo. */
    @ParameterizedTest
    @EnumSource(value = ProcessorPath.class, names = {"LOMBOK_FIRST", "LOMBOK_LAST"})
    void dataClassPropertyOnAFingerprintPath(ProcessorPath path) {
        Compilation compilation = twinsOf(path, DATA_DRAFT, ", fingerprint = {\"value.sku\", \"value.paid\"}",
                "new Draft(sku, 7, true)");
        assertSucceededWithoutIdempoWarnings(compilation);
        assertSameFingerprints(compilation, "Draft", "PlainDraft");
    }

    @ParameterizedTest
    @EnumSource(value = ProcessorPath.class, names = {"LOMBOK_FIRST", "LOMBOK_LAST"})
    void valueClassInTheKeyTemplateAndFingerprint(ProcessorPath path) {
        Compilation compilation = twinsOf(path, java("test.Draft",
                "@lombok.Value",
                "class Draft {",
                "    String sku;",
                "    int quantity;",
                "    boolean paid;",
                "}"), ", key = \"{value.sku}:place\"", "new Draft(sku, 2, true)");
        assertSucceededWithoutIdempoWarnings(compilation);
        assertSameFingerprints(compilation, "Draft", "PlainDraft");
        CompiledClasses classes = new CompiledClasses(compilation);
        MethodPlan place = classes.planOfEveryIdempotentMethod().get("test.Orders.place(test.Draft)");
        assertEquals("TEA-1:place", place.renderKey(classes.call("test.Orders", "generated", "TEA-1")));
    }

    @ParameterizedTest
    @EnumSource(value = ProcessorPath.class, names = {"LOMBOK_FIRST", "LOMBOK_LAST"})
    void getterOnTheClassAndOnAField(ProcessorPath path) {
        Compilation compilation = path.compile(java("test.Draft",
                "@lombok.Getter",
                "@lombok.AllArgsConstructor",
                "class Draft {",
                "    private String sku;",
                "    private int quantity;",
                "    private boolean paid;",
                "}"), java("test.Line",
                "@lombok.AllArgsConstructor",
                "class Line {",
                "    @lombok.Getter private String sku;",
                "    @lombok.Getter private int quantity;",
                "    @lombok.Getter private boolean paid;",
                "}"), PLAIN_DRAFT, java("test.Orders",
                "class Orders {",
                "    @Idempotent(action = \"orders.place\")",
                "    String place(Draft value) {",
                "        return \"ok\";",
                "    }",
                "    @Idempotent(action = \"orders.placeLine\")",
                "    String placeLine(Line value) {",
                "        return \"ok\";",
                "    }",
                "    @Idempotent(action = \"orders.placePlain\")",
                "    String placePlain(PlainDraft value) {",
                "        return \"ok\";",
                "    }",
                "    static Object[] generated(String sku) {",
                "        return new Object[] {new Draft(sku, 2, true)};",
                "    }",
                "    static Object[] line(String sku) {",
                "        return new Object[] {new Line(sku, 2, true)};",
                "    }",
                "    static Object[] plain(String sku) {",
                "        return new Object[] {new PlainDraft(sku, 2, true)};",
                "    }",
                "}"));
        assertSucceededWithoutIdempoWarnings(compilation);
        assertSameFingerprints(compilation, "Draft", "PlainDraft");
        CompiledClasses classes = new CompiledClasses(compilation);
        MethodPlan line = classes.planOfEveryIdempotentMethod().get("test.Orders.placeLine(test.Line)");
        MethodPlan plain = classes.planOfEveryIdempotentMethod().get("test.Orders.placePlain(test.PlainDraft)");
        assertEquals(plain.fingerprint(classes.call("test.Orders", "plain", "TEA-1")).digest(),
                line.fingerprint(classes.call("test.Orders", "line", "TEA-1")).digest());
    }

    @ParameterizedTest
    @EnumSource(value = ProcessorPath.class, names = {"LOMBOK_FIRST", "LOMBOK_LAST"})
    void builderClassesAndRecords(ProcessorPath path) {
        Compilation compilation = path.compile(java("test.Draft",
                "@lombok.Builder",
                "@lombok.Getter",
                "class Draft {",
                "    private final String sku;",
                "    private final int quantity;",
                "    private final boolean paid;",
                "}"), java("test.Shipment",
                "@lombok.Builder(toBuilder = true)",
                "record Shipment(Draft draft, String carrier) {}"), java("test.Frozen",
                "@lombok.Value",
                "@lombok.Builder",
                "class Frozen {",
                "    String sku;",
                "    int quantity;",
                "}"), java("test.Orders",
                "class Orders {",
                "    @Idempotent(action = \"orders.place\", key = \"{draft.sku}\")",
                "    String place(Draft draft) {",
                "        return draft.getSku();",
                "    }",
                "    @Idempotent(action = \"orders.ship\", fingerprint = {\"shipment.draft.quantity\", \"frozen\"})",
                "    String ship(Shipment shipment, Frozen frozen) {",
                "        return shipment.carrier();",
                "    }",
                "    static Object[] place(String sku) {",
                "        return new Object[] {Draft.builder().sku(sku).quantity(2).build()};",
                "    }",
                "}"));
        assertSucceededWithoutIdempoWarnings(compilation);
        CompiledClasses classes = new CompiledClasses(compilation);
        MethodPlan place = classes.planOfEveryIdempotentMethod().get("test.Orders.place(test.Draft)");
        assertEquals("TEA-1", place.renderKey(classes.call("test.Orders", "place", "TEA-1")));
        assertThat(classes.planOfEveryIdempotentMethod()).containsKey("test.Orders.ship(test.Shipment,test.Frozen)");
    }

    /** Getters Lombok adds to a superclass, a nested class in a record, and a class of another package. */
    @ParameterizedTest
    @EnumSource(value = ProcessorPath.class, names = {"LOMBOK_FIRST", "LOMBOK_LAST"})
    void inheritedNestedAndOtherPackage(ProcessorPath path) {
        Compilation compilation = path.compile(java("test.Tenanted",
                "@lombok.Getter",
                "abstract class Tenanted {",
                "    private final String tenant = \"t-1\";",
                "}"), java("test.Command",
                "@lombok.Getter",
                "@lombok.Setter",
                "class Command extends Tenanted {",
                "    private String sku;",
                "}"), javaIn("test.model.Line",
                "package test.model;",
                "@lombok.Data",
                "public class Line {",
                "    private String sku;",
                "    private long quantity;",
                "}"), java("test.Orders",
                "class Orders {",
                "    record Cart(String id, List<test.model.Line> lines) {}",
                "    @Idempotent(action = \"orders.command\")",
                "    String handle(Command command, Cart cart) {",
                "        return command.getSku();",
                "    }",
                "}"));
        assertSucceededWithoutIdempoWarnings(compilation);
        new CompiledClasses(compilation).planOfEveryIdempotentMethod();
    }

    /** A class Lombok has already completed is not waited for: no note of a deferral with Lombok first. */
    @ParameterizedTest
    @EnumSource(value = ProcessorPath.class, names = {"LOMBOK_FIRST", "LOMBOK_LAST"})
    void deferredOnlyWhileLombokHasNotRun(ProcessorPath path) {
        Compilation compilation = path.compile(new String[] {"-Xlint:all,-processing", "-Aidempo.verbose=true"},
                java("test.Draft",
                        "@lombok.Data",
                        "class Draft {",
                        "    private String sku;",
                        "}"), java("test.Orders",
                        "class Orders {",
                        "    @Idempotent(action = \"orders.place\")",
                        "    String place(Draft draft) {",
                        "        return draft.getSku();",
                        "    }",
                        "}"));
        assertSucceededWithoutIdempoWarnings(compilation);
        List<String> deferrals = compilation.notes().stream().map(note -> note.getMessage(Locale.ROOT))
                .filter(note -> note.contains("deferred to the next round")).toList();
        assertEquals(path == ProcessorPath.LOMBOK_LAST
                ? List.of("idempo: test.Orders waits for Lombok to complete class test.Draft in fingerprint field "
                        + "'draft'; deferred to the next round")
                : List.of(), deferrals);
        assertEquals(1, compilation.generatedSourceFiles().stream()
                .filter(file -> file.getName().endsWith("Orders_Idempotency.java")).count());
    }

    /** Lombok's annotations, but no Lombok on the processor path: the class is never completed. */
    @Test
    void p023_lombokNeverRuns() {
        JavaFileObject source = java("test.Orders",
                "@lombok.Data",
                "class Draft {",
                "    private String sku;",
                "}",
                "class Orders {",
                "    @Idempotent(action = \"orders.place\", fingerprint = \"draft.sku\")",
                "    String place(Draft draft) {",
                "        return \"ok\";",
                "    }",
                "}");
        assertOnlyError(compile(source), source, Message.AWAITING_LOMBOK,
                "class test.Draft in fingerprint path 'draft.sku' has Lombok annotations (@Data), and annotation "
                        + "processing ended before it could be read as Lombok completes it",
                "fingerprint = \"draft.sku\")");
    }

    @Test
    void p023_lombokNeverRunsOnAWholeObject() {
        JavaFileObject source = java("test.Orders",
                "@lombok.Value",
                "class Draft {",
                "    @lombok.With String sku;",
                "}",
                "class Orders {",
                "    @Idempotent(action = \"orders.place\")",
                "    String place(Draft draft) {",
                "        return \"ok\";",
                "    }",
                "}");
        assertOnlyError(compile(source), source, Message.AWAITING_LOMBOK,
                "class test.Draft in fingerprint field 'draft' has Lombok annotations (@Value, @With)",
                "@Idempotent(action = \"orders.place\")");
    }

    private static JavaFileObject javaIn(String qualifiedName, String... lines) {
        return JavaFileObjects.forSourceLines(qualifiedName, Arrays.asList(lines));
    }
}
