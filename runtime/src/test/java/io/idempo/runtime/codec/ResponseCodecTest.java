package io.idempo.runtime.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.idempo.runtime.internal.ReturnTypes;
import io.idempo.runtime.spi.ResponseCodec;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Both shipped codecs round-trip what idempotent methods return, as the engine calls them: encoded with the
 * method's resolved (generic) return type and decoded with the same type for every replay.
 */
class ResponseCodecTest {

    public record Address(String city, String postcode) {
    }

    public record Customer(String name, Address address) {
    }

    public record Line(String sku, int quantity, BigDecimal price) {
    }

    public record Order(String id, Customer customer, List<Line> lines, BigDecimal total, String note) {
    }

    private static final Order ORDER = new Order("o-1", new Customer("Zoë Ünal", new Address("Zürich", "8001")),
            List.of(new Line("sku-1", 2, new BigDecimal("199.00")), new Line("sku-2", 1, new BigDecimal("0.10"))),
            new BigDecimal("398.10"), "first line\nsecond line, 東京 😀");
    private static final Order OTHER = new Order("o-2", new Customer("Ann", null), List.of(),
            new BigDecimal("1.50E+3"), null);

    /** The declared return types, as {@link ReturnTypes} hands them to the codec. */
    @SuppressWarnings("unused")
    private interface Signatures {
        Order order();

        List<Order> list();

        Map<String, List<Order>> grouped();

        Optional<Order> optional();

        BigDecimal amount();

        Order[] array();

        List<? extends Order> wildcard();
    }

    static Type type(String method) {
        try {
            return Signatures.class.getMethod(method).getGenericReturnType();
        } catch (NoSuchMethodException e) {
            throw new AssertionError(e);
        }
    }

    static Stream<Arguments> codecs() {
        return Stream.of(Arguments.of("JSON-B (Yasson)", JsonbResponseCodec.create()),
                Arguments.of("Jackson", new JacksonResponseCodec(new ObjectMapper())));
    }

    private static Object roundTrip(ResponseCodec codec, Object value, Type type) {
        String text = codec.encode(value, type);
        Object decoded = codec.decode(text, type);
        assertEquals(text, codec.encode(decoded, type), "a replayed value encodes to the same text");
        return decoded;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void recordsAndNestedRecordsRoundTrip(String name, ResponseCodec codec) {
        assertEquals(ORDER, roundTrip(codec, ORDER, Order.class));
        assertEquals(OTHER, roundTrip(codec, OTHER, Order.class), "null components and an empty list");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void genericCollectionsKeepTheirElementType(String name, ResponseCodec codec) {
        Object list = roundTrip(codec, List.of(ORDER, OTHER), type("list"));
        assertEquals(List.of(ORDER, OTHER), list);
        assertInstanceOf(Order.class, ((List<?>) list).get(0), "elements are Orders, not maps");

        Map<String, List<Order>> grouped = new LinkedHashMap<>();
        grouped.put("zürich", List.of(ORDER));
        grouped.put("empty", List.of());
        grouped.put("both", List.of(ORDER, OTHER));
        Object decoded = roundTrip(codec, grouped, type("grouped"));
        assertEquals(grouped, decoded);
        assertInstanceOf(Order.class, ((Map<?, ?>) decoded).get("both") instanceof List<?> orders ? orders.get(1)
                : null);

        assertEquals(List.of(ORDER), List.of((Object[]) roundTrip(codec, new Order[] {ORDER}, type("array"))));
        assertEquals(List.of(ORDER, OTHER), roundTrip(codec, List.of(ORDER, OTHER), type("wildcard")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void bigDecimalsKeepTheirScale(String name, ResponseCodec codec) {
        for (String amount : List.of("199.00", "0.10", "100", "1.50E+3", "-0.000", "12345678901234567890.123456789")) {
            BigDecimal value = new BigDecimal(amount);
            BigDecimal decoded = (BigDecimal) roundTrip(codec, value, BigDecimal.class);
            assertEquals(value, decoded, "BigDecimal.equals compares the scale too");
            assertEquals(value.scale(), decoded.scale(), amount);
        }
        Order decoded = (Order) roundTrip(codec, ORDER, Order.class);
        assertEquals("199.00", decoded.lines().get(0).price().toString());
        assertEquals("398.10", decoded.total().toString());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void nullRoundTrips(String name, ResponseCodec codec) {
        assertNull(roundTrip(codec, null, Order.class));
        assertNull(roundTrip(codec, null, type("list")));
    }

    @Test
    void jsonbRoundTripsOptionals() {
        ResponseCodec codec = JsonbResponseCodec.create();
        assertEquals(Optional.of(ORDER), roundTrip(codec, Optional.of(ORDER), type("optional")));
        assertEquals(Optional.empty(), codec.decode(codec.encode(Optional.empty(), type("optional")),
                type("optional")), "an empty Optional replays as empty, not as null");
    }

    /**
     * Plain Jackson has no Optional support: it needs jackson-datatype-jdk8 ({@code new ObjectMapper()
     * .registerModule(new Jdk8Module())}), which idempo does not depend on. Without it the first call fails before
     * it commits, with a message naming the type and the module, rather than storing something unreplayable.
     */
    @Test
    void jacksonWithoutTheJdk8ModuleRefusesOptionalsClearly() {
        ResponseCodec codec = new JacksonResponseCodec(new ObjectMapper());
        ResponseCodecException refused = assertThrows(ResponseCodecException.class,
                () -> codec.encode(Optional.of(ORDER), type("optional")));
        assertTrue(refused.getMessage().contains("java.util.Optional<" + Order.class.getName() + ">"),
                refused.getMessage());
        assertTrue(refused.getCause().getMessage().contains("jackson-datatype-jdk8"), refused.getCause().getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void unreadableStoredTextFailsWithTheTypeAndWhatToDo(String name, ResponseCodec codec) {
        for (String stored : List.of("{not json", "[1, 2]", "\"a string\"")) {
            ResponseCodecException failed = assertThrows(ResponseCodecException.class,
                    () -> codec.decode(stored, Order.class), stored);
            assertTrue(failed.getMessage().contains("cannot decode the stored result as " + Order.class.getName()),
                    failed.getMessage());
            assertTrue(failed.getMessage().contains("let the record expire"), failed.getMessage());
            assertTrue(failed.getCause() != null, "the codec's own exception is the cause");
        }
    }

    /** A result whose accessor throws: neither codec can encode it. */
    public static final class Broken {
        public String getValue() {
            throw new IllegalStateException("accessor failed");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void anUnencodableResultFailsWithTheType(String name, ResponseCodec codec) {
        ResponseCodecException failed = assertThrows(ResponseCodecException.class,
                () -> codec.encode(new Broken(), Broken.class));
        assertTrue(failed.getMessage().contains("cannot encode a " + Broken.class.getName() + " result"),
                failed.getMessage());
    }

    // ReturnTypes: a method declared generically, resolved against the target's concrete class.

    public interface Repository<T> {
        Optional<T> find(String id);

        List<T> all();

        Map<String, List<T>> grouped();

        T[] asArray();

        List<T>[] pages();

        List<? extends T> covariant();

        Map<String, ? super T> contravariant();
    }

    public abstract static class BaseService<T> {
        public abstract Optional<T> load();

        public abstract List<T> list();
    }

    public abstract static class CrudRepository<E> implements Repository<E> {
    }

    public abstract static class OrderRepository extends CrudRepository<Order> {
    }

    public abstract static class OrderService extends BaseService<Order> {
    }

    /** The variable is renamed and wrapped on the way: {@code BaseService<T>} gets {@code List<X>} = List<Order>. */
    public abstract static class ListService<X> extends BaseService<List<X>> {
    }

    public abstract static class OrderListService extends ListService<Order> {
    }

    @SuppressWarnings("unused")
    private interface Expected {
        Optional<Order> optional();

        List<Order> list();

        Map<String, List<Order>> grouped();

        Optional<List<Order>> optionalList();

        List<List<Order>> listOfLists();

        List<? extends Order> covariant();

        List<Order>[] pages();

        Map<String, ? super Order> contravariant();
    }

    private static Type expected(String method) throws NoSuchMethodException {
        return Expected.class.getMethod(method).getGenericReturnType();
    }

    private static Type resolve(Class<?> declaring, String method, Class<?> target) throws NoSuchMethodException {
        Method declared = declaring.getMethod(method, declaring == Repository.class && method.equals("find")
                ? new Class<?>[] {String.class} : new Class<?>[0]);
        return ReturnTypes.resolve(declared, target);
    }

    @Test
    void typeVariablesOfAGenericSuperclassResolveAgainstTheConcreteClass() throws NoSuchMethodException {
        assertEquals(expected("optional"), resolve(BaseService.class, "load", OrderService.class));
        assertEquals(expected("list"), resolve(BaseService.class, "list", OrderService.class));
        assertEquals(expected("optionalList"), resolve(BaseService.class, "load", OrderListService.class));
        assertEquals(expected("listOfLists"), resolve(BaseService.class, "list", OrderListService.class));
    }

    @Test
    void typeVariablesOfAGenericInterfaceResolveThroughAnIntermediateClass() throws NoSuchMethodException {
        assertEquals(expected("optional"), resolve(Repository.class, "find", OrderRepository.class));
        assertEquals(expected("list"), resolve(Repository.class, "all", OrderRepository.class));
        assertEquals(expected("grouped"), resolve(Repository.class, "grouped", OrderRepository.class));
        assertEquals(expected("optional").getTypeName(),
                resolve(Repository.class, "find", OrderRepository.class).getTypeName());
    }

    @Test
    void arraysAndWildcardsOfATypeVariableResolveToo() throws NoSuchMethodException {
        assertEquals(Order[].class, resolve(Repository.class, "asArray", OrderRepository.class));
        assertEquals(expected("covariant"), resolve(Repository.class, "covariant", OrderRepository.class));
        assertEquals(expected("contravariant"), resolve(Repository.class, "contravariant", OrderRepository.class));
        assertEquals(expected("pages"), resolve(Repository.class, "pages", OrderRepository.class));
        assertEquals("java.util.List<" + Order.class.getName() + ">[]",
                resolve(Repository.class, "pages", OrderRepository.class).getTypeName());
        ResponseCodec codec = JsonbResponseCodec.create();
        Type array = resolve(Repository.class, "asArray", OrderRepository.class);
        assertEquals(List.of(ORDER), List.of((Object[]) codec.decode(codec.encode(new Order[] {ORDER}, array), array)));
    }

    @Test
    void aResolvedOptionalReplaysItsElementType() throws NoSuchMethodException {
        Type resolved = resolve(Repository.class, "find", OrderRepository.class);
        ResponseCodec codec = JsonbResponseCodec.create();
        assertEquals(Optional.of(ORDER), codec.decode(codec.encode(Optional.of(ORDER), resolved), resolved));
        Type list = resolve(Repository.class, "all", OrderRepository.class);
        ResponseCodec jackson = new JacksonResponseCodec(new ObjectMapper());
        assertEquals(List.of(ORDER), jackson.decode(jackson.encode(List.of(ORDER), list), list));
    }
}
