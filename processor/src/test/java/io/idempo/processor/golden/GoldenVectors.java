package io.idempo.processor.golden;

import io.idempo.plan.IdempotencyPlans;
import io.idempo.plan.MethodPlan;
import io.idempo.processor.golden.CheckoutService.Address;
import io.idempo.processor.golden.CheckoutService.Channel;
import io.idempo.processor.golden.CheckoutService.LineItem;
import io.idempo.processor.golden.CheckoutService.Order;
import io.idempo.processor.golden.CheckoutService.Payment;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

/**
 * Fixed inputs for the golden-vector test, built with several collection implementations that hold equal content.
 * {@link #main} prints {@code case=digest} lines so that other JVMs (other hash seeds, other {@code Set.of}
 * iteration orders) can be compared with this one.
 */
public final class GoldenVectors {

    /** How sets and maps are built: each strategy must give the same digests. */
    public enum Collections {
        IMMUTABLE, HASH, SORTED;

        <T> Set<T> set(List<T> elements) {
            return switch (this) {
                case IMMUTABLE -> Set.copyOf(elements);
                case HASH -> {
                    Set<T> set = new HashSet<>(64);
                    for (int i = elements.size() - 1; i >= 0; i--) {
                        set.add(elements.get(i));
                    }
                    yield set;
                }
                case SORTED -> new TreeSet<>(elements);
            };
        }

        /** Records are not Comparable: the third strategy keeps insertion order instead of sorting. */
        <T> Set<T> records(List<T> elements) {
            return this == SORTED ? new LinkedHashSet<>(elements) : set(elements);
        }

        Set<Channel> channels(List<Channel> elements) {
            return this == SORTED ? EnumSet.copyOf(elements) : set(elements);
        }

        <K extends Comparable<K>, V> Map<K, V> map(Map<K, V> content) {
            return switch (this) {
                case IMMUTABLE -> Map.copyOf(content);
                case HASH -> {
                    List<K> keys = new ArrayList<>(content.keySet());
                    java.util.Collections.reverse(keys);
                    Map<K, V> map = new HashMap<>(64);
                    keys.forEach(key -> map.put(key, content.get(key)));
                    yield map;
                }
                case SORTED -> new TreeMap<>(content);
            };
        }

        Map<Channel, List<String>> notes(Map<Channel, List<String>> content) {
            return this == SORTED ? new EnumMap<>(content) : map(content);
        }
    }

    private GoldenVectors() {
    }

    /** Case name to the fingerprint digest of that case. */
    public static Map<String, String> digests(Collections collections) {
        IdempotencyPlans plans = new CheckoutService_Idempotency();
        MethodPlan place = plans.plan("place(io.idempo.processor.golden.CheckoutService$Order,java.lang.String,"
                + "java.lang.String)");
        MethodPlan pay = plans.plan("pay(io.idempo.processor.golden.CheckoutService$Payment)");
        Map<String, String> digests = new LinkedHashMap<>();
        digests.put("order.full", place.fingerprint(new Object[] {fullOrder(collections), "key-1", "t1"}).digest());
        digests.put("order.nulls", place.fingerprint(new Object[] {nullOrder(), "key-1", "t1"}).digest());
        digests.put("order.null", place.fingerprint(new Object[] {null, "key-1", "t1"}).digest());
        Payment payment = new Payment("SO-2026-0001", new BigDecimal("199.00"), "EUR", "alice");
        digests.put("payment", pay.fingerprint(new Object[] {payment}).digest());
        digests.put("payment.key", pay.renderKey(new Object[] {payment}));
        return digests;
    }

    static Order fullOrder(Collections collections) {
        LineItem tea = new LineItem("TEA-1", 2, new BigDecimal("4.50"), collections.set(List.of("organic", "grün")));
        LineItem cup = new LineItem("CUP-9", 1, new BigDecimal("12"), collections.set(List.of()));
        Map<Channel, List<String>> notes = new LinkedHashMap<>();
        notes.put(Channel.WEB, List.of("leave at door"));
        notes.put(Channel.APP, List.of("ring twice", "日本語"));
        Map<String, Long> counters = new LinkedHashMap<>();
        counters.put("retries", 0L);
        counters.put("attempts", 3L);
        counters.put("ünïcode", -1L);
        return new Order(1001L, "naïve café ☕", new BigDecimal("21.000"), Instant.parse("2026-11-30T08:15:30.123Z"),
                LocalDate.of(2026, 12, 24), UUID.fromString("123e4567-e89b-12d3-a456-426614174000"), Channel.APP,
                collections.channels(List.of(Channel.POS, Channel.WEB)), List.of(tea, cup),
                collections.map(counters), collections.notes(notes),
                Optional.of(new Address("1 Main St", "Springfield", "US")), new byte[] {0, 1, 2, (byte) 0xff},
                collections.records(List.of(cup, tea)),
                "trace-" + System.nanoTime());
    }

    static Order nullOrder() {
        return new Order(0L, null, null, null, null, null, null, null, null, null, null, Optional.empty(), null,
                null, null);
    }

    public static void main(String[] arguments) {
        for (Collections collections : Collections.values()) {
            digests(collections).forEach((name, digest) -> System.out.println(collections + " " + name + "=" + digest));
        }
    }
}
