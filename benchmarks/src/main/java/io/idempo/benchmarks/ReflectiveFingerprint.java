package io.idempo.benchmarks;

import java.io.ByteArrayOutputStream;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Collection;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The reflection baseline: the same kind of canonical encoding (type tags, length-prefixed UTF-8, sorted
 * properties, normalised decimals) produced by walking records with cached accessors, then SHA-256. What a library
 * without code generation would do at best.
 */
final class ReflectiveFingerprint {

    private static final Map<Class<?>, RecordComponent[]> COMPONENTS = new ConcurrentHashMap<>();

    private ReflectiveFingerprint() {
    }

    static String digest(Object value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        write(out, value);
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(out.toByteArray()));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void write(ByteArrayOutputStream out, Object value) {
        if (value == null) {
            out.write(0);
        } else if (value instanceof String text) {
            out.write(7);
            bytes(out, text.getBytes(StandardCharsets.UTF_8));
        } else if (value instanceof Long || value instanceof Integer) {
            out.write(3);
            long number = ((Number) value).longValue();
            for (int shift = 56; shift >= 0; shift -= 8) {
                out.write((int) (number >>> shift));
            }
        } else if (value instanceof BigDecimal decimal) {
            out.write(5);
            bytes(out, decimal.stripTrailingZeros().toPlainString().getBytes(StandardCharsets.US_ASCII));
        } else if (value instanceof Collection<?> collection) {
            out.write(12);
            out.write(collection.size());
            collection.forEach(element -> write(out, element));
        } else if (value instanceof Map<?, ?> map) {
            out.write(14);
            out.write(map.size());
            map.entrySet().stream().sorted((a, b) -> String.valueOf(a.getKey()).compareTo(String.valueOf(b.getKey())))
                    .forEach(entry -> {
                        write(out, entry.getKey());
                        write(out, entry.getValue());
                    });
        } else if (value.getClass().isRecord()) {
            out.write(15);
            RecordComponent[] components = COMPONENTS.computeIfAbsent(value.getClass(), type -> {
                RecordComponent[] sorted = type.getRecordComponents().clone();
                Arrays.sort(sorted, (a, b) -> a.getName().compareTo(b.getName()));
                return sorted;
            });
            for (RecordComponent component : components) {
                bytes(out, component.getName().getBytes(StandardCharsets.UTF_8));
                try {
                    write(out, component.getAccessor().invoke(value));
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            }
        } else {
            out.write(10);
            bytes(out, value.toString().getBytes(StandardCharsets.UTF_8));
        }
    }

    private static void bytes(ByteArrayOutputStream out, byte[] bytes) {
        out.write(bytes.length >>> 24);
        out.write(bytes.length >>> 16);
        out.write(bytes.length >>> 8);
        out.write(bytes.length);
        out.write(bytes, 0, bytes.length);
    }
}
