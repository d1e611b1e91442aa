package io.idempo.processor;

import static io.idempo.processor.DiagnosticAssertions.assertCompilesCleanly;
import static io.idempo.processor.DiagnosticAssertions.java;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.idempo.plan.MethodPlan;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Type-use annotations (Bean Validation's {@code @Valid}, {@code @NotNull}, {@code @Positive}, {@code @Size},
 * {@code @NotBlank}, jspecify's {@code @Nullable}) on parameters, record components, getters and type arguments:
 * the program compiles, every plan is found at run time under the signature the runtime computes from the loaded
 * method, and the fingerprint is the one of the same method without annotations (a digest never depends on them).
 *
 * <p>Each class has the annotated method {@code place} and its plain twin {@code placePlain}, and factories of
 * equal arguments for both, {@code annotated(sku)} and {@code plain(sku)}.
 */
class TypeAnnotationsTest {

    private static final String IMPORTS = "import jakarta.validation.Valid;\n"
            + "import jakarta.validation.constraints.*;\n"
            + "import org.jspecify.annotations.Nullable;";

    /** The plans of {@code place} and {@code placePlain} fingerprint equal arguments alike, and other ones not. */
    private static void assertSameAsPlainTwin(CompiledClasses classes, String placeSignature,
                                              String placePlainSignature) {
        Map<String, MethodPlan> plans = classes.planOfEveryIdempotentMethod();
        MethodPlan annotated = plans.get("test.Orders." + placeSignature);
        MethodPlan plain = plans.get("test.Orders." + placePlainSignature);
        assertEquals(plain.fingerprintVersion(), annotated.fingerprintVersion());
        String digest = annotated.fingerprint(classes.call("test.Orders", "annotated", "TEA-1")).digest();
        assertEquals(plain.fingerprint(classes.call("test.Orders", "plain", "TEA-1")).digest(), digest);
        assertNotEquals(annotated.fingerprint(classes.call("test.Orders", "annotated", "CUP-9")).digest(), digest);
    }

    @Test
    void beanValidationOnParameters() {
        CompiledClasses classes = assertCompilesCleanly(java("test.Orders",
                IMPORTS,
                "class Orders {",
                "    record CreateOrder(String sku, int quantity) {}",
                "    @Idempotent(action = \"orders.create\")",
                "    String place(@IdempotencyKey @NotBlank String key, @Valid @NotNull CreateOrder order,",
                "                 @Positive int quantity, @Size(max = 3) List<@NotBlank String> tags,",
                "                 @Nullable String note, @NotNull String @Size(max = 2) [] codes) {",
                "        return key;",
                "    }",
                "    @Idempotent(action = \"orders.createPlain\")",
                "    String placePlain(@IdempotencyKey String key, CreateOrder order, int quantity, List<String> tags,",
                "                      String note, String[] codes) {",
                "        return key;",
                "    }",
                "    static Object[] annotated(String sku) {",
                "        return new Object[] {\"k-1\", new CreateOrder(sku, 2), 3, List.of(sku), null,",
                "                new String[] {sku}};",
                "    }",
                "    static Object[] plain(String sku) {",
                "        return annotated(sku);",
                "    }",
                "}"));
        assertSameAsPlainTwin(classes,
                "place(java.lang.String,test.Orders$CreateOrder,int,java.util.List,java.lang.String,"
                        + "java.lang.String[])",
                "placePlain(java.lang.String,test.Orders$CreateOrder,int,java.util.List,java.lang.String,"
                        + "java.lang.String[])");
    }

    @Test
    void beanValidationOnRecordComponentsAndTypeArguments() {
        CompiledClasses classes = assertCompilesCleanly(java("test.Orders",
                IMPORTS,
                "class Orders {",
                "    record Address(@NotBlank String city) {}",
                "    record Line(@NotBlank String sku, @Positive int quantity) {}",
                "    record CreateOrder(@NotBlank String sku, @Nullable Address address, List<@Valid Line> lines,",
                "            Map<@NotBlank String, @Positive Integer> counts, Optional<@Valid Address> billing,",
                "            Set<@NotBlank String> tags, List<List<@NotBlank String>> groups) {}",
                "    record PlainOrder(String sku, Address address, List<Line> lines, Map<String, Integer> counts,",
                "            Optional<Address> billing, Set<String> tags, List<List<String>> groups) {}",
                "    @Idempotent(action = \"orders.create\", key = \"{order.sku}-{order.address.city}\")",
                "    String place(@Valid CreateOrder order) {",
                "        return order.sku();",
                "    }",
                "    @Idempotent(action = \"orders.createPlain\", key = \"{order.sku}-{order.address.city}\")",
                "    String placePlain(PlainOrder order) {",
                "        return order.sku();",
                "    }",
                "    static Object[] annotated(String sku) {",
                "        return new Object[] {new CreateOrder(sku, new Address(\"Lyon\"), List.of(new Line(sku, 2)),",
                "                Map.of(sku, 1), Optional.of(new Address(\"Oslo\")), Set.of(sku),",
                "                List.of(List.of(sku)))};",
                "    }",
                "    static Object[] plain(String sku) {",
                "        return new Object[] {new PlainOrder(sku, new Address(\"Lyon\"), List.of(new Line(sku, 2)),",
                "                Map.of(sku, 1), Optional.of(new Address(\"Oslo\")), Set.of(sku),",
                "                List.of(List.of(sku)))};",
                "    }",
                "}"));
        assertSameAsPlainTwin(classes, "place(test.Orders$CreateOrder)", "placePlain(test.Orders$PlainOrder)");
        MethodPlan place = classes.planOfEveryIdempotentMethod().get("test.Orders.place(test.Orders$CreateOrder)");
        assertEquals("TEA-1-Lyon", place.renderKey(classes.call("test.Orders", "annotated", "TEA-1")));
    }

    @Test
    void beanValidationOnGetters() {
        CompiledClasses classes = assertCompilesCleanly(java("test.Orders",
                IMPORTS,
                "class Orders {",
                "    record Address(String city) {}",
                "    static class Customer {",
                "        private final String id;",
                "        Customer(String id) {",
                "            this.id = id;",
                "        }",
                "        public @NotBlank String getId() {",
                "            return id;",
                "        }",
                "        public @Nullable Address getAddress() {",
                "            return new Address(\"Lyon\");",
                "        }",
                "        public List<@Valid @NotNull Address> getAddresses() {",
                "            return List.of(new Address(id));",
                "        }",
                "    }",
                "    record PlainCustomer(String id, Address address, List<Address> addresses) {}",
                "    @Idempotent(action = \"orders.create\", key = \"{customer.id}\")",
                "    String place(@Valid @NotNull Customer customer) {",
                "        return customer.getId();",
                "    }",
                "    @Idempotent(action = \"orders.createPlain\", key = \"{customer.id}\")",
                "    String placePlain(PlainCustomer customer) {",
                "        return customer.id();",
                "    }",
                "    static Object[] annotated(String sku) {",
                "        return new Object[] {new Customer(sku)};",
                "    }",
                "    static Object[] plain(String sku) {",
                "        return new Object[] {new PlainCustomer(sku, new Address(\"Lyon\"),",
                "                List.of(new Address(sku)))};",
                "    }",
                "}"));
        assertSameAsPlainTwin(classes, "place(test.Orders$Customer)", "placePlain(test.Orders$PlainCustomer)");
    }

    @Test
    void annotatedScopeKeyAndArrayParameters() {
        CompiledClasses classes = assertCompilesCleanly(java("test.Orders",
                IMPORTS,
                "class Orders {",
                "    @Idempotent(action = \"orders.create\", fingerprint = {\"amount\", \"payload\"})",
                "    String place(@IdempotencyScope @NotNull Long tenant, @IdempotencyKey @Nullable UUID key,",
                "                 @Positive long amount, @NotNull byte @Size(max = 9) [] payload) {",
                "        return \"ok\";",
                "    }",
                "    @Idempotent(action = \"orders.createPlain\", fingerprint = {\"amount\", \"payload\"})",
                "    String placePlain(@IdempotencyScope Long tenant, @IdempotencyKey UUID key, long amount,",
                "                      byte[] payload) {",
                "        return \"ok\";",
                "    }",
                "    static Object[] annotated(String sku) {",
                "        return new Object[] {7L, UUID.randomUUID(), 100L, sku.getBytes()};",
                "    }",
                "    static Object[] plain(String sku) {",
                "        return annotated(sku);",
                "    }",
                "}"));
        assertSameAsPlainTwin(classes, "place(java.lang.Long,java.util.UUID,long,byte[])",
                "placePlain(java.lang.Long,java.util.UUID,long,byte[])");
        MethodPlan place = classes.planOfEveryIdempotentMethod()
                .get("test.Orders.place(java.lang.Long,java.util.UUID,long,byte[])");
        assertEquals(0, place.scopeParameter());
        assertEquals(1, place.keyParameter());
    }

    @Test
    void storedExceptionWithAnAnnotatedMessageParameter() {
        assertCompilesCleanly(java("test.Orders",
                IMPORTS,
                "class Orders {",
                "    static class Refused extends RuntimeException {",
                "        private static final long serialVersionUID = 1L;",
                "        public Refused(@NotNull String message) {",
                "            super(message);",
                "        }",
                "    }",
                "    @Idempotent(action = \"orders.create\", storeExceptions = Refused.class)",
                "    String place(@NotBlank String sku) {",
                "        return sku;",
                "    }",
                "}"));
    }
}
