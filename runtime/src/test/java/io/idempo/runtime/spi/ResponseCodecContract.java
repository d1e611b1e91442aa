package io.idempo.runtime.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.internal.ReturnTypes;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What every {@link ResponseCodec} must do, as the engine calls it: round-trip what idempotent methods return,
 * encoded with the method's resolved (generic) return type and decoded with the same type for every replay, and fail
 * clearly, before the first call commits, on what it cannot encode. Each codec module's test extends it.
 */
public abstract class ResponseCodecContract {

    public record Address(String city, String postcode) {
    }

    public record Customer(String name, Address address) {
    }

    public record Line(String sku, int quantity, BigDecimal price) {
    }

    public record Order(String id, Customer customer, List<Line> lines, BigDecimal total, String note) {
    }

    public static final Order ORDER = new Order("o-1", new Customer("Zoë Ünal", new Address("Zürich", "8001")),
            List.of(new Line("sku-1", 2, new BigDecimal("199.00")), new Line("sku-2", 1, new BigDecimal("0.10"))),
            new BigDecimal("398.10"), "first line\nsecond line, 東京 😀");
    public static final Order OTHER = new Order("o-2", new Customer("Ann", null), List.of(),
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

    /** A repository declared generically: the return types reach the codec resolved against a subclass. */
    public interface Repository<T> {
        Optional<T> find(String id);

        List<T> all();

        T[] asArray();
    }

    public abstract static class OrderRepository implements Repository<Order> {
    }

    /** A result whose accessor throws: no codec can encode it. */
    public static final class Broken {
        public String getValue() {
            throw new IllegalStateException("accessor failed");
        }
    }

    /** The codec under test. */
    protected abstract ResponseCodec codec();

    /** The declared return type of {@code method} of the signatures above. */
    protected static Type type(String method) {
        try {
            return Signatures.class.getMethod(method).getGenericReturnType();
        } catch (NoSuchMethodException e) {
            throw new AssertionError(e);
        }
    }

    /** The return type of the repository's {@code method}, resolved against {@link OrderRepository}. */
    protected static Type resolved(String method, Class<?>... parameters) {
        try {
            return ReturnTypes.resolve(Repository.class.getMethod(method, parameters), OrderRepository.class);
        } catch (NoSuchMethodException e) {
            throw new AssertionError(e);
        }
    }

    /** Encodes and decodes {@code value}, checking that the decoded value encodes to the same text. */
    protected static Object roundTrip(ResponseCodec codec, Object value, Type type) {
        String text = codec.encode(value, type);
        Object decoded = codec.decode(text, type);
        assertEquals(text, codec.encode(decoded, type), "a replayed value encodes to the same text");
        return decoded;
    }

    @Test
    void recordsAndNestedRecordsRoundTrip() {
        assertEquals(ORDER, roundTrip(codec(), ORDER, Order.class));
        assertEquals(OTHER, roundTrip(codec(), OTHER, Order.class), "null components and an empty list");
    }

    @Test
    void genericCollectionsKeepTheirElementType() {
        ResponseCodec codec = codec();
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

    @Test
    void typesResolvedAgainstTheTargetClassReplayTheirElementType() {
        assertEquals(List.of(ORDER), roundTrip(codec(), List.of(ORDER), resolved("all")));
        assertEquals(List.of(ORDER), List.of((Object[]) roundTrip(codec(), new Order[] {ORDER}, resolved("asArray"))));
    }

    @Test
    void bigDecimalsKeepTheirScale() {
        for (String amount : List.of("199.00", "0.10", "100", "1.50E+3", "-0.000", "12345678901234567890.123456789")) {
            BigDecimal value = new BigDecimal(amount);
            BigDecimal decoded = (BigDecimal) roundTrip(codec(), value, BigDecimal.class);
            assertEquals(value, decoded, "BigDecimal.equals compares the scale too");
            assertEquals(value.scale(), decoded.scale(), amount);
        }
        Order decoded = (Order) roundTrip(codec(), ORDER, Order.class);
        assertEquals("199.00", decoded.lines().get(0).price().toString());
        assertEquals("398.10", decoded.total().toString());
    }

    @Test
    void nullRoundTrips() {
        assertNull(roundTrip(codec(), null, Order.class));
        assertNull(roundTrip(codec(), null, type("list")));
    }

    @Test
    void unreadableStoredTextFailsWithTheTypeAndWhatToDo() {
        for (String stored : List.of("{not json", "[1, 2]", "\"a string\"")) {
            ResponseCodecException failed = assertThrows(ResponseCodecException.class,
                    () -> codec().decode(stored, Order.class), stored);
            assertTrue(failed.getMessage().contains("cannot decode the stored result as " + Order.class.getName()),
                    failed.getMessage());
            assertTrue(failed.getMessage().contains("let the record expire"), failed.getMessage());
            assertTrue(failed.getCause() != null, "the codec's own exception is the cause");
        }
    }

    @Test
    void anUnencodableResultFailsWithTheType() {
        ResponseCodecException failed = assertThrows(ResponseCodecException.class,
                () -> codec().encode(new Broken(), Broken.class));
        assertTrue(failed.getMessage().contains("cannot encode a " + Broken.class.getName() + " result"),
                failed.getMessage());
    }
}
