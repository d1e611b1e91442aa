package io.idempo.processor;

import static io.idempo.processor.DiagnosticAssertions.assertCompilesCleanly;
import static io.idempo.processor.DiagnosticAssertions.assertError;
import static io.idempo.processor.DiagnosticAssertions.java;

import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * P008, P009, P019 on fingerprint paths: each names a parameter and readable properties, once; and every kind of
 * readable property is found.
 */
class FingerprintPathChecksTest {

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
        assertError(source, Message.UNKNOWN_PARAMETER,
                "fingerprint path 'request.id' names parameter 'request', which does not exist; the parameters are: "
                        + "order, note",
                "\"request.id\"})");
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
        assertError(source, Message.UNKNOWN_PARAMETER,
                "fingerprint path 'requestKey' names parameter 'requestKey', the @IdempotencyKey parameter, which is "
                        + "never part of the fingerprint",
                "fingerprint = \"requestKey\")");
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
        assertError(source, Message.UNKNOWN_PARAMETER,
                "fingerprint path 'tenant.length' names parameter 'tenant', the @IdempotencyScope parameter, which "
                        + "is never part of the fingerprint",
                "fingerprint = \"tenant.length\")");
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
        assertError(source, Message.UNREADABLE_PROPERTY,
                "fingerprint path 'order.secret': test.Order has no readable property 'secret' (a record component, "
                        + "a getter or a field visible from package test)",
                "fingerprint = \"order.secret\")");
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
        assertError(source, Message.EXCLUDED_PROPERTY,
                "fingerprint path 'order.sentAt' names property 'sentAt' of test.Order, which is marked "
                        + "@FingerprintExclude; remove the path, or remove @FingerprintExclude to fingerprint the "
                        + "property",
                "\"order.sentAt\"})");
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
        assertError(source, Message.OVERLAPPING_PATHS,
                "fingerprint path 'order.id' repeats 'order.id'; list each field once",
                "\"order.id\" })");
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
        assertError(source, Message.OVERLAPPING_PATHS,
                "fingerprint path 'order.quantity' is already covered by 'order'; list each field once",
                "\"order.quantity\"})");
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
        assertError(source, Message.OVERLAPPING_PATHS,
                "fingerprint path 'order' covers the earlier path 'order.quantity'; list each field once",
                "\"order\"})");
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
}
