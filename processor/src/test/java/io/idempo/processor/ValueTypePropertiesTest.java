package io.idempo.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.idempo.processor.DiagnosticAssertions.assertOnlyError;
import static io.idempo.processor.DiagnosticAssertions.assertSucceededWithoutIdempoWarnings;
import static io.idempo.processor.DiagnosticAssertions.java;
import static io.idempo.processor.ProcessorCompiler.compileAlongside;
import static io.idempo.processor.ProcessorCompiler.compileWithClasspath;
import static io.idempo.processor.ProcessorCompiler.compileWithOptions;
import static io.idempo.processor.Twins.assertSameFingerprints;
import static io.idempo.processor.Twins.twins;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.auto.value.processor.AutoValueProcessor;
import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.immutables.processor.ProxyProcessor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Immutables and AutoValue types are read by their attributes, as the framework sees them (issue #13): accessors
 * such as {@code sku()} are properties even though the type is not a record, getters that are not attributes are
 * not, and the names follow the framework's rules. Whether a path names the generated class ({@code
 * ImmutableOrderDraft}, {@code AutoValue_Money}) or the abstract type, the fingerprint equals that of a record with
 * the same components (see {@link Twins}).
 */
class ValueTypePropertiesTest {

    private static final String[] VERBOSE = {"-Xlint:all,-processing", "-Aidempo.verbose=true"};

    /** The issue's value type: accessors without a get prefix. */
    private static final JavaFileObject ORDER_DRAFT = java("test.OrderDraft",
            "@org.immutables.value.Value.Immutable",
            "public interface OrderDraft {",
            "    String sku();",
            "    int quantity();",
            "}");

    private static final JavaFileObject PLAIN_DRAFT = java("test.PlainDraft",
            "record PlainDraft(String sku, int quantity) {}");

    private static final String IMMUTABLE_DRAFT = "ImmutableOrderDraft.builder().sku(sku).quantity(2).build()";

    // ---------------------------------------------------------------------------------------------------------
    // Immutables
    // ---------------------------------------------------------------------------------------------------------

    /** Issue #13 item 2, as reported: javac failed with a false P009 on {@code draft.sku}. */
    @Test
    void issueExample() {
        Compilation compilation = compileAlongside(new ProxyProcessor(), ORDER_DRAFT, PLAIN_DRAFT, java("test.Orders",
                "record Receipt(String sku) {}",
                "class Orders {",
                "    @Idempotent(action = \"orders.place\", fingerprint = \"draft.sku\")",
                "    Receipt place(ImmutableOrderDraft draft) {",
                "        return new Receipt(draft.sku());",
                "    }",
                "    @Idempotent(action = \"orders.placePlain\", fingerprint = \"draft.sku\")",
                "    Receipt placePlain(PlainDraft draft) {",
                "        return new Receipt(draft.sku());",
                "    }",
                "    static Object[] generated(String sku) {",
                "        return new Object[] {" + IMMUTABLE_DRAFT + "};",
                "    }",
                "    static Object[] plain(String sku) {",
                "        return new Object[] {new PlainDraft(sku, 2)};",
                "    }",
                "}"));
        assertSucceededWithoutIdempoWarnings(compilation);
        assertSameFingerprints(compilation, "ImmutableOrderDraft", "PlainDraft");
    }

    @Test
    void generatedClassFingerprintedWhole() {
        Compilation compilation = compileAlongside(new ProxyProcessor(), ORDER_DRAFT, PLAIN_DRAFT,
                twins("", "ImmutableOrderDraft", IMMUTABLE_DRAFT, "PlainDraft", "new PlainDraft(sku, 2)"));
        assertSucceededWithoutIdempoWarnings(compilation);
        assertSameFingerprints(compilation, "ImmutableOrderDraft", "PlainDraft");
    }

    /** No P021: the implementations are generated from exactly the attributes that are covered. */
    @Test
    void abstractTypeFingerprintedWhole() {
        Compilation compilation = compileAlongside(new ProxyProcessor(), ORDER_DRAFT, PLAIN_DRAFT,
                twins("", "OrderDraft", IMMUTABLE_DRAFT, "PlainDraft", "new PlainDraft(sku, 2)"));
        assertSucceededWithoutIdempoWarnings(compilation);
        assertSameFingerprints(compilation, "OrderDraft", "PlainDraft");
    }

    @Test
    void keyTemplatePlaceholderReadsAnAccessor() {
        Compilation compilation = compileAlongside(new ProxyProcessor(), ORDER_DRAFT, java("test.Orders",
                "class Orders {",
                "    @Idempotent(action = \"orders.reserve\", key = \"{draft.sku}:reserve\")",
                "    String reserve(ImmutableOrderDraft draft) {",
                "        return draft.sku();",
                "    }",
                "    static Object[] generated(String sku) {",
                "        return new Object[] {" + IMMUTABLE_DRAFT + "};",
                "    }",
                "}"));
        assertSucceededWithoutIdempoWarnings(compilation);
        CompiledClasses classes = new CompiledClasses(compilation);
        assertEquals("TEA-1:reserve", classes.plans("test.Orders").plan("reserve(test.ImmutableOrderDraft)")
                .renderKey(classes.call("test.Orders", "generated", "TEA-1")));
    }

    /** Default style: a get prefix is dropped, an is prefix is not. */
    @Test
    void namesFollowTheDefaultStyle() {
        Compilation compilation = compileAlongside(List.of(new ProxyProcessor()), VERBOSE, java("test.Shipment",
                "@org.immutables.value.Value.Immutable",
                "public interface Shipment {",
                "    String getSku();",
                "    String getURL();",
                "    boolean isPaid();",
                "    String carrier();",
                "}"), planOf("Shipment"));
        assertSucceededWithoutIdempoWarnings(compilation);
        assertThat(compilation).hadNoteContaining(
                "[shipment=object{carrier:string,isPaid:boolean,sku:string,uRL:string}]");
    }

    /**
     * {@code @Value.Default} and {@code @Value.Derived} accessors are attributes (Immutables compares them in
     * {@code equals}); a {@code @Value.Lazy} one and a plain default method are not, even when named like a getter.
     */
    @Test
    void defaultAndDerivedAttributesAreCoveredLazyOnesAndOtherMethodsAreNot() {
        JavaFileObject shipment = java("test.Shipment",
                "import org.immutables.value.Value;",
                "@Value.Immutable",
                "public interface Shipment {",
                "    String sku();",
                "    @Value.Default default int quantity() {",
                "        return 1;",
                "    }",
                "    @Value.Derived default int parcels() {",
                "        return quantity() * 2;",
                "    }",
                "    @Value.Lazy default String label() {",
                "        return sku() + \"x\" + quantity();",
                "    }",
                "    default String getCarrier() {",
                "        return \"post\";",
                "    }",
                "}");
        Compilation compilation = compileAlongside(new ProxyProcessor(), shipment,
                java("test.PlainShipment", "record PlainShipment(String sku, int quantity, int parcels) {}"),
                twins("", "ImmutableShipment", "ImmutableShipment.builder().sku(sku).quantity(3).build()",
                        "PlainShipment", "new PlainShipment(sku, 3, 6)"));
        assertSucceededWithoutIdempoWarnings(compilation);
        assertSameFingerprints(compilation, "ImmutableShipment", "PlainShipment");
    }

    @Test
    void excludedAttributeIsLeftOut() {
        JavaFileObject draft = java("test.OrderDraft",
                "@org.immutables.value.Value.Immutable",
                "public interface OrderDraft {",
                "    String sku();",
                "    int quantity();",
                "    @FingerprintExclude String clientTime();",
                "}");
        Compilation compilation = compileAlongside(new ProxyProcessor(), draft, PLAIN_DRAFT, twins("",
                "ImmutableOrderDraft", "ImmutableOrderDraft.builder().sku(sku).quantity(2).clientTime(sku).build()",
                "PlainDraft", "new PlainDraft(sku, 2)"));
        assertSucceededWithoutIdempoWarnings(compilation);
        assertSameFingerprints(compilation, "ImmutableOrderDraft", "PlainDraft");
    }

    @Test
    void modifiableValue() {
        JavaFileObject draft = java("test.OrderDraft",
                "@org.immutables.value.Value.Modifiable",
                "public interface OrderDraft {",
                "    String sku();",
                "    int quantity();",
                "}");
        Compilation compilation = compileAlongside(new ProxyProcessor(), draft, PLAIN_DRAFT, twins("",
                "ModifiableOrderDraft", "ModifiableOrderDraft.create().setSku(sku).setQuantity(2)",
                "PlainDraft", "new PlainDraft(sku, 2)"));
        assertSucceededWithoutIdempoWarnings(compilation);
        assertSameFingerprints(compilation, "ModifiableOrderDraft", "PlainDraft");
    }

    /** A record's components are all of its state, whatever it implements. */
    @Test
    void recordImplementingAValueTypeIsReadByItsComponents() {
        Compilation compilation = compileWithOptions(VERBOSE, ORDER_DRAFT,
                java("test.Draft", "record Draft(String sku, int quantity, String note) implements OrderDraft {}"),
                planOf("Draft"));
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).hadNoteContaining("[draft=object{note:string,quantity:integer,sku:string}]");
    }

    /** The annotations are kept in class files: a value type from a dependency is read as one compiled alongside. */
    @Test
    void valueTypeFromAClassFileIsReadTheSameWay(@TempDir Path dependencyClasses) {
        Compilation dependency = compileAlongside(new ProxyProcessor(), ORDER_DRAFT);
        assertThat(dependency).succeeded();
        new CompiledClasses(dependency).writeTo(dependencyClasses);
        Compilation compilation = compileWithClasspath(dependencyClasses, VERBOSE, planOf("ImmutableOrderDraft"));
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).hadNoteContaining("[immutableOrderDraft=object{quantity:integer,sku:string}]");
    }

    // ---------------------------------------------------------------------------------------------------------
    // AutoValue
    // ---------------------------------------------------------------------------------------------------------

    private static final JavaFileObject PLAIN_MONEY = java("test.PlainMoney",
            "record PlainMoney(String currency, long cents) {}");

    /** {@code @AutoValue} class {@code Money} with these accessor lines, and {@code of(currency, cents)}. */
    private static JavaFileObject money(String... accessors) {
        List<String> lines = new ArrayList<>(List.of(
                "@com.google.auto.value.AutoValue",
                "abstract class Money {"));
        lines.addAll(List.of(accessors));
        lines.addAll(List.of(
                "    static Money of(String currency, long cents) {",
                "        return new AutoValue_Money(currency, cents);",
                "    }",
                "}"));
        return java("test.Money", lines.toArray(String[]::new));
    }

    @Test
    void autoValueAccessorsWithoutPrefixes() {
        JavaFileObject money = money("    abstract String currency();", "    abstract long cents();");
        Compilation compilation = compileAlongside(new AutoValueProcessor(), money, PLAIN_MONEY,
                twins(", key = \"{value.currency}\"", "AutoValue_Money", "(AutoValue_Money) Money.of(sku, 1999)",
                        "PlainMoney", "new PlainMoney(sku, 1999)"));
        assertSucceededWithoutIdempoWarnings(compilation);
        assertSameFingerprints(compilation, "AutoValue_Money", "PlainMoney");
        CompiledClasses classes = new CompiledClasses(compilation);
        assertEquals("EUR", classes.plans("test.Orders").plan("place(test.AutoValue_Money)")
                .renderKey(classes.call("test.Orders", "generated", "EUR")));
    }

    @Test
    void autoValueAbstractClassFingerprintedWhole() {
        JavaFileObject money = money("    abstract String currency();", "    abstract long cents();");
        Compilation compilation = compileAlongside(new AutoValueProcessor(), money, PLAIN_MONEY,
                twins("", "Money", "Money.of(sku, 1999)", "PlainMoney", "new PlainMoney(sku, 1999)"));
        assertSucceededWithoutIdempoWarnings(compilation);
        assertSameFingerprints(compilation, "Money", "PlainMoney");
    }

    /**
     * Every accessor prefixed: the names drop the prefixes ({@code isRefund()} is {@code refund}); a
     * {@code toBuilder()} and a redeclared {@code toString()} are not attributes.
     */
    @Test
    void autoValueAccessorsAllPrefixed() {
        JavaFileObject refund = java("test.Refund",
                "import com.google.auto.value.AutoValue;",
                "@AutoValue",
                "abstract class Refund {",
                "    abstract String getCurrency();",
                "    abstract long getCents();",
                "    abstract boolean isPartial();",
                "    @Override public abstract String toString();",
                "    abstract Builder toBuilder();",
                "    static Builder builder() {",
                "        return new AutoValue_Refund.Builder();",
                "    }",
                "    @AutoValue.Builder",
                "    abstract static class Builder {",
                "        abstract Builder setCurrency(String currency);",
                "        abstract Builder setCents(long cents);",
                "        abstract Builder setPartial(boolean partial);",
                "        abstract Refund build();",
                "    }",
                "}");
        Compilation compilation = compileAlongside(new AutoValueProcessor(), refund,
                java("test.PlainRefund", "record PlainRefund(String currency, long cents, boolean partial) {}"),
                twins("", "Refund", "Refund.builder().setCurrency(sku).setCents(1999).setPartial(true).build()",
                        "PlainRefund", "new PlainRefund(sku, 1999, true)"));
        assertSucceededWithoutIdempoWarnings(compilation);
        assertSameFingerprints(compilation, "Refund", "PlainRefund");
    }

    /** One accessor without a prefix: AutoValue keeps every name as declared, and so do the paths. */
    @Test
    void autoValueAccessorsPartlyPrefixed() {
        JavaFileObject money = money("    abstract String getCurrency();", "    abstract long cents();");
        Compilation compilation = compileAlongside(new AutoValueProcessor(), money,
                java("test.PlainMoney", "record PlainMoney(String getCurrency, long cents) {}"),
                twins(", fingerprint = {\"value.getCurrency\", \"value.cents\"}", "AutoValue_Money",
                        "(AutoValue_Money) Money.of(sku, 1999)", "PlainMoney", "new PlainMoney(sku, 1999)"));
        assertSucceededWithoutIdempoWarnings(compilation);
        assertSameFingerprints(compilation, "AutoValue_Money", "PlainMoney");
    }

    // ---------------------------------------------------------------------------------------------------------
    // Mistakes
    // ---------------------------------------------------------------------------------------------------------

    @Test
    void p009_issueExampleWithAnAccessorItLacks() {
        JavaFileObject source = reading("ImmutableOrderDraft", "fingerprint = \"value.color\")");
        assertOnlyError(compileAlongside(new ProxyProcessor(), ORDER_DRAFT, source), source,
                Message.UNREADABLE_PROPERTY, "fingerprint path 'value.color': test.ImmutableOrderDraft has no "
                        + "readable property 'color' (the attributes of @Value.Immutable test.OrderDraft whose "
                        + "accessors are visible from package test: quantity, sku)",
                "fingerprint = \"value.color\")");
    }

    /** A getter with a body is not an attribute, so not a property, in a key template as in the fingerprint. */
    @Test
    void p009_getterThatIsNotAnAttribute() {
        JavaFileObject draft = java("test.OrderDraft",
                "@org.immutables.value.Value.Immutable",
                "public interface OrderDraft {",
                "    String sku();",
                "    default String getCarrier() {",
                "        return \"post\";",
                "    }",
                "}");
        JavaFileObject source = reading("OrderDraft", "key = \"{value.carrier}\")");
        assertOnlyError(compileAlongside(new ProxyProcessor(), draft, source), source, Message.UNREADABLE_PROPERTY,
                "key template path 'value.carrier': test.OrderDraft has no readable property 'carrier' (the "
                        + "attributes of @Value.Immutable test.OrderDraft whose accessors are visible from package "
                        + "test: sku)",
                "key = \"{value.carrier}\")");
    }

    @Test
    void p009_autoValuePrefixKeptWhenNotEveryAccessorHasOne() {
        JavaFileObject money = money("    abstract String getCurrency();", "    abstract long cents();");
        JavaFileObject source = reading("AutoValue_Money", "fingerprint = \"value.currency\")");
        assertOnlyError(compileAlongside(new AutoValueProcessor(), money, source), source,
                Message.UNREADABLE_PROPERTY, "fingerprint path 'value.currency': test.AutoValue_Money has no "
                        + "readable property 'currency' (the attributes of @AutoValue test.Money whose accessors are "
                        + "visible from package test: cents, getCurrency)",
                "fingerprint = \"value.currency\")");
    }

    /** An accessor the generated class cannot call would leave its attribute out of the fingerprint unnoticed. */
    @Test
    void p020_accessorHiddenFromTheGeneratedClass() {
        JavaFileObject money = JavaFileObjects.forSourceLines("test.values.Money",
                "package test.values;",
                "@com.google.auto.value.AutoValue",
                "public abstract class Money {",
                "    public abstract String currency();",
                "    abstract long cents();",
                "}");
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(action = \"orders.pay\")",
                "    String pay(test.values.Money money) {",
                "        return money.currency();",
                "    }",
                "}");
        assertOnlyError(compileAlongside(new AutoValueProcessor(), money, source), source, Message.INACCESSIBLE,
                "attribute accessor test.values.Money.cents() (fingerprint field 'money') is not accessible from "
                        + "the generated class in package test",
                "@Idempotent(action = \"orders.pay\")");
    }

    // ---------------------------------------------------------------------------------------------------------

    /** {@code test.Orders} with a method that fingerprints the whole {@code type}, named after it. */
    private static JavaFileObject planOf(String type) {
        String parameter = Character.toLowerCase(type.charAt(0)) + type.substring(1);
        return java("test.Orders",
                "class Orders {",
                "    @Idempotent(action = \"orders.place\")",
                "    String place(" + type + " " + parameter + ") {",
                "        return \"ok\";",
                "    }",
                "}");
    }

    /** {@code test.Orders} with a method on a {@code type} parameter named {@code value}, with these attributes. */
    private static JavaFileObject reading(String type, String attributes) {
        return java("test.Orders",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            " + attributes,
                "    String place(" + type + " value) {",
                "        return \"ok\";",
                "    }",
                "}");
    }
}
