package io.idempo.runtime;

import io.idempo.plan.CanonicalWriter;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The canonical encoding of a value chosen by its run-time type, for {@link IdempotentOperation}: the same bytes the
 * processor's generated code writes for a value of that type (see {@code docs/fingerprint-encoding.md}), so a
 * fingerprint does not depend on which door a call came through. Types without a canonical encoding are refused
 * with the processor's codes, as the processor would refuse them at compile time.
 */
final class ValueEncoding {

    /** Deeper than any real request: a structure this deep is recursive. */
    private static final int MAX_DEPTH = 32;

    /** Record components sorted by name, the order of every object encoding; computed once per record type. */
    private static final ClassValue<List<Method>> ACCESSORS = new ClassValue<>() {
        @Override
        protected List<Method> computeValue(Class<?> type) {
            List<Method> accessors = new ArrayList<>();
            for (RecordComponent component : type.getRecordComponents()) {
                Method accessor = component.getAccessor();
                accessor.setAccessible(true);
                accessors.add(accessor);
            }
            accessors.sort(Comparator.comparing(Method::getName));
            return List.copyOf(accessors);
        }
    };

    private final boolean allowFloatingPoint;

    ValueEncoding(boolean allowFloatingPoint) {
        this.allowFloatingPoint = allowFloatingPoint;
    }

    /** The record's components, sorted by name, with their accessors. */
    static List<Method> components(Record value) {
        return ACCESSORS.get(value.getClass());
    }

    void write(CanonicalWriter out, String path, Object value) {
        write(out, path, value, 0);
    }

    private void write(CanonicalWriter out, String path, Object value, int depth) {
        if (depth > MAX_DEPTH) {
            throw refused(path, value, "it nests deeper than " + MAX_DEPTH + " levels (is it recursive?)");
        }
        if (value == null) {
            out.writeNull();
        } else if (value instanceof Boolean bool) {
            out.writeBoolean(bool);
        } else if (value instanceof Byte || value instanceof Short || value instanceof Integer
                || value instanceof Long) {
            out.writeLong((Number) value);
        } else if (value instanceof BigInteger integer) {
            out.writeBigInteger(integer);
        } else if (value instanceof BigDecimal decimal) {
            out.writeDecimal(decimal);
        } else if (value instanceof Float || value instanceof Double) {
            writeFloatingPoint(out, path, (Number) value);
        } else if (value instanceof Character character) {
            out.writeChar(character);
        } else if (value instanceof CharSequence text) {
            out.writeString(text);
        } else if (value instanceof Enum<?> constant) {
            out.writeEnum(constant);
        } else if (value instanceof UUID uuid) {
            out.writeUuid(uuid);
        } else if (value.getClass().getPackageName().equals("java.time")) {
            out.writeTemporal(value);
        } else if (value instanceof byte[] bytes) {
            out.writeBytes(bytes);
        } else {
            writeComposite(out, path, value, depth + 1);
        }
    }

    private void writeComposite(CanonicalWriter out, String path, Object value, int depth) {
        if (value instanceof Optional<?> optional) {
            out.writeOptional(optional, (writer, element) -> write(writer, path, element, depth));
        } else if (value instanceof List<?> list) {
            out.writeList(list, (writer, element) -> write(writer, path + "[]", element, depth));
        } else if (value.getClass().isArray()) {
            out.writeList(arrayElements(value), (writer, element) -> write(writer, path + "[]", element, depth));
        } else if (value instanceof Set<?> set) {
            out.writeSet(set, (writer, element) -> write(writer, path + "[]", element, depth));
        } else if (value instanceof Map<?, ?> map) {
            out.writeMap(map, (writer, key) -> write(writer, path + "{}", key, depth),
                    (writer, element) -> write(writer, path + "{}", element, depth));
        } else if (value instanceof Record record) {
            List<Method> accessors = components(record);
            out.beginObject(accessors.size());
            for (Method accessor : accessors) {
                out.property(CanonicalWriter.name(accessor.getName()));
                write(out, path + "." + accessor.getName(), read(accessor, record), depth);
            }
        } else if (value instanceof Collection<?>) {
            throw refused(path, value, "a collection that is neither a List nor a Set has no defined order");
        } else {
            throw refused(path, value, "use a record, a string, a number, a boolean, an enum, a UUID, a java.time"
                    + " value, byte[], an Optional, a List, a Set, a Map or an array of these");
        }
    }

    private void writeFloatingPoint(CanonicalWriter out, String path, Number value) {
        if (!allowFloatingPoint) {
            throw new IllegalArgumentException("[IDEM-P011] fingerprint field '" + path + "' is "
                    + value.getClass().getSimpleName() + ": binary floating point does not hold money exactly; use"
                    + " BigDecimal or an integer of minor units, or allow floating point on the operation");
        }
        out.writeDouble(value);
    }

    private static List<Object> arrayElements(Object array) {
        Object[] elements = new Object[Array.getLength(array)];
        for (int i = 0; i < elements.length; i++) {
            elements[i] = Array.get(array, i);
        }
        return Arrays.asList(elements);
    }

    static Object read(Method accessor, Record record) {
        try {
            return accessor.invoke(record);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("Cannot read " + accessor + " for the fingerprint", e);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("Reading " + accessor + " for the fingerprint failed", e.getCause());
        }
    }

    private static IllegalArgumentException refused(String path, Object value, String why) {
        return new IllegalArgumentException("[IDEM-P010] fingerprint field '" + path + "' has type "
                + value.getClass().getName() + ", which has no canonical encoding: " + why);
    }
}
