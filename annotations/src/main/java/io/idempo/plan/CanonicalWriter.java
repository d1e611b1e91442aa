package io.idempo.plan;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Writes the canonical encoding that fingerprints are hashed from. Generated fingerprinters call it; the format
 * is specified in {@code docs/fingerprint-encoding.md} and pinned by golden-vector tests, because a change here
 * would make every stored record look like a key reused with other parameters.
 *
 * <p>Every value starts with a one-byte type tag; strings and byte strings are length-prefixed; lists, sets,
 * maps and objects are count-prefixed. The encoding of any value is therefore self-delimiting (no encoding is a
 * prefix of another), which lets sets and maps be ordered by comparing the encoded bytes of their elements or
 * entries: equal content gives equal bytes, whatever the collection implementation or its iteration order.
 *
 * <p>Not thread-safe; {@link MethodPlan} keeps one per thread.
 */
public final class CanonicalWriter {

    /** Writes one element of a collection; generated code passes method references. */
    @FunctionalInterface
    public interface ValueWriter<T> {
        void write(CanonicalWriter out, T value);
    }

    static final byte NULL = 0x00;
    static final byte FALSE = 0x01;
    static final byte TRUE = 0x02;
    static final byte INTEGER = 0x03;
    static final byte BIG_INTEGER = 0x04;
    static final byte DECIMAL = 0x05;
    static final byte FLOATING = 0x06;
    static final byte STRING = 0x07;
    static final byte ENUM = 0x08;
    static final byte UUID_TAG = 0x09;
    static final byte TEMPORAL = 0x0A;
    static final byte BYTES = 0x0B;
    static final byte LIST = 0x0C;
    static final byte SET = 0x0D;
    static final byte MAP = 0x0E;
    static final byte OBJECT = 0x0F;
    static final byte FIELD = 0x10;

    private static final int MAX_FIELDS = 64;

    private byte[] buffer = new byte[256];
    private int length;
    private final int[] fieldStarts = new int[MAX_FIELDS];
    private final String[] fieldNames = new String[MAX_FIELDS];
    private int fieldCount;

    private final MessageDigest sha256 = Fingerprint.newSha256();

    CanonicalWriter() {
    }

    void reset() {
        length = 0;
        fieldCount = 0;
        Arrays.fill(fieldNames, null);
    }

    /**
     * Starts a top-level fingerprint field: the field's path followed by its value. Each field is also hashed on
     * its own so that a mismatch can name the fields that differ.
     */
    public void field(String path) {
        if (fieldCount == MAX_FIELDS) {
            throw new IllegalStateException("A fingerprint covers at most " + MAX_FIELDS + " fields");
        }
        fieldStarts[fieldCount] = length;
        fieldNames[fieldCount] = path;
        fieldCount++;
        writeTag(FIELD);
        writeUtf8(path);
    }

    /** Starts an object with {@code propertyCount} properties, each written as {@link #property} then a value. */
    public void beginObject(int propertyCount) {
        writeTag(OBJECT);
        writeInt32(propertyCount);
    }

    /** Names the next property of the current object; properties are written in the order the plan fixed. */
    public void property(String name) {
        writeUtf8(name);
    }

    public void writeNull() {
        writeTag(NULL);
    }

    public void writeBoolean(boolean value) {
        writeTag(value ? TRUE : FALSE);
    }

    public void writeBoolean(Boolean value) {
        if (value == null) {
            writeNull();
        } else {
            writeBoolean(value.booleanValue());
        }
    }

    /** All integral primitives and their boxes share this encoding, so widening a field keeps its digest. */
    public void writeLong(long value) {
        writeTag(INTEGER);
        writeInt64(value);
    }

    public void writeLong(Number integralValue) {
        if (integralValue == null) {
            writeNull();
        } else {
            writeLong(integralValue.longValue());
        }
    }

    /** A {@code char} is a one-character string. */
    public void writeChar(char value) {
        writeString(String.valueOf(value));
    }

    public void writeChar(Character value) {
        if (value == null) {
            writeNull();
        } else {
            writeChar(value.charValue());
        }
    }

    public void writeBigInteger(BigInteger value) {
        if (value == null) {
            writeNull();
            return;
        }
        writeTag(BIG_INTEGER);
        writeByteString(value.toByteArray());
    }

    /** Normalised: trailing zeros are stripped, so {@code 1.0}, {@code 1.00} and {@code 1} are one value. */
    public void writeDecimal(BigDecimal value) {
        if (value == null) {
            writeNull();
            return;
        }
        BigDecimal normal = value.signum() == 0 ? BigDecimal.ZERO : value.stripTrailingZeros();
        writeTag(DECIMAL);
        writeInt32(normal.scale());
        writeByteString(normal.unscaledValue().toByteArray());
    }

    /** IEEE-754 bits of the value widened to double, with {@code -0.0} folded into {@code 0.0} and one NaN. */
    public void writeDouble(double value) {
        double normal = value == 0.0d ? 0.0d : value;
        writeTag(FLOATING);
        writeInt64(Double.doubleToLongBits(normal));
    }

    public void writeDouble(Number floatingValue) {
        if (floatingValue == null) {
            writeNull();
        } else {
            writeDouble(floatingValue.doubleValue());
        }
    }

    /** UTF-8 of the characters as given; no Unicode normalisation (NFC and NFD spellings differ). */
    public void writeString(CharSequence value) {
        if (value == null) {
            writeNull();
            return;
        }
        writeTag(STRING);
        writeUtf8(value.toString());
    }

    /** By constant name: reordering constants keeps digests, renaming one changes them. */
    public void writeEnum(Enum<?> value) {
        if (value == null) {
            writeNull();
            return;
        }
        writeTag(ENUM);
        writeUtf8(value.name());
    }

    public void writeUuid(UUID value) {
        if (value == null) {
            writeNull();
            return;
        }
        writeTag(UUID_TAG);
        writeInt64(value.getMostSignificantBits());
        writeInt64(value.getLeastSignificantBits());
    }

    /**
     * A {@code java.time} value by its type's simple name and its ISO-8601 {@code toString()}, which the JDK
     * specifies for every supported type ({@code Instant}, {@code LocalDate}, {@code OffsetDateTime},
     * {@code Duration}, ...). Offsets and zones are part of the value: the same instant at two offsets differs.
     */
    public void writeTemporal(Object value) {
        if (value == null) {
            writeNull();
            return;
        }
        writeTag(TEMPORAL);
        writeUtf8(value.getClass().getSimpleName());
        writeUtf8(value.toString());
    }

    public void writeBytes(byte[] value) {
        if (value == null) {
            writeNull();
            return;
        }
        writeTag(BYTES);
        writeByteString(value);
    }

    /** An {@code Optional} is its value, or null when empty. */
    public <T> void writeOptional(Optional<T> value, ValueWriter<? super T> valueWriter) {
        if (value == null || value.isEmpty()) {
            writeNull();
        } else {
            valueWriter.write(this, value.get());
        }
    }

    /** Elements in iteration order. */
    public <T> void writeList(List<T> list, ValueWriter<? super T> elementWriter) {
        if (list == null) {
            writeNull();
            return;
        }
        writeTag(LIST);
        writeInt32(list.size());
        for (T element : list) {
            elementWriter.write(this, element);
        }
    }

    /** Elements in index order; arrays and lists with equal elements encode alike. */
    public <T> void writeArray(T[] array, ValueWriter<? super T> elementWriter) {
        writeList(array == null ? null : Arrays.asList(array), elementWriter);
    }

    /** Elements sorted by their encoded bytes, so iteration order does not matter. */
    public <T> void writeSet(Collection<T> set, ValueWriter<? super T> elementWriter) {
        if (set == null) {
            writeNull();
            return;
        }
        writeTag(SET);
        writeInt32(set.size());
        int regionStart = length;
        int[] bounds = new int[set.size() + 1];
        int count = 0;
        for (T element : set) {
            bounds[count++] = length;
            elementWriter.write(this, element);
        }
        bounds[count] = length;
        sortRegion(regionStart, bounds, count);
    }

    /** Entries sorted by their encoded key (encodings are prefix-free, so whole entries sort by key first). */
    public <K, V> void writeMap(Map<K, V> map, ValueWriter<? super K> keyWriter, ValueWriter<? super V> valueWriter) {
        if (map == null) {
            writeNull();
            return;
        }
        writeTag(MAP);
        writeInt32(map.size());
        int regionStart = length;
        int[] bounds = new int[map.size() + 1];
        int count = 0;
        for (Map.Entry<K, V> entry : map.entrySet()) {
            bounds[count++] = length;
            keyWriter.write(this, entry.getKey());
            valueWriter.write(this, entry.getValue());
        }
        bounds[count] = length;
        sortRegion(regionStart, bounds, count);
    }

    /** Reorders the {@code count} adjacent byte slices of {@code [bounds[0], bounds[count])} by unsigned order. */
    private void sortRegion(int regionStart, int[] bounds, int count) {
        if (count < 2) {
            return;
        }
        byte[] region = Arrays.copyOfRange(buffer, regionStart, length);
        Integer[] order = new Integer[count];
        for (int i = 0; i < count; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Arrays.compareUnsigned(
                region, bounds[a] - regionStart, bounds[a + 1] - regionStart,
                region, bounds[b] - regionStart, bounds[b + 1] - regionStart));
        int position = regionStart;
        for (int index : order) {
            int sliceLength = bounds[index + 1] - bounds[index];
            System.arraycopy(region, bounds[index] - regionStart, buffer, position, sliceLength);
            position += sliceLength;
        }
    }

    /** Hashes the encoding once, with this thread's reused {@link MessageDigest}. */
    Fingerprint finish() {
        sha256.update(buffer, 0, length);
        byte[] digest = sha256.digest();
        return new Fingerprint(digest, Arrays.copyOf(buffer, length), Arrays.copyOf(fieldNames, fieldCount),
                Arrays.copyOf(fieldStarts, fieldCount));
    }

    private void writeTag(byte tag) {
        ensure(1);
        buffer[length++] = tag;
    }

    /**
     * Length-prefixed UTF-8, encoded straight into the buffer (no intermediate array). Unpaired surrogates become
     * {@code ?}, exactly as {@link String#getBytes} with UTF-8 does, so the bytes are the same as the JDK's.
     */
    private void writeUtf8(String value) {
        int lengthAt = length;
        writeInt32(0);
        ensure(value.length() * 3);
        int start = length;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x80) {
                buffer[length++] = (byte) c;
            } else if (c < 0x800) {
                buffer[length++] = (byte) (0xC0 | c >> 6);
                buffer[length++] = (byte) (0x80 | c & 0x3F);
            } else if (Character.isHighSurrogate(c) && i + 1 < value.length()
                    && Character.isLowSurrogate(value.charAt(i + 1))) {
                int codePoint = Character.toCodePoint(c, value.charAt(++i));
                ensure(1);
                buffer[length++] = (byte) (0xF0 | codePoint >> 18);
                buffer[length++] = (byte) (0x80 | codePoint >> 12 & 0x3F);
                buffer[length++] = (byte) (0x80 | codePoint >> 6 & 0x3F);
                buffer[length++] = (byte) (0x80 | codePoint & 0x3F);
            } else if (Character.isSurrogate(c)) {
                buffer[length++] = '?';
            } else {
                buffer[length++] = (byte) (0xE0 | c >> 12);
                buffer[length++] = (byte) (0x80 | c >> 6 & 0x3F);
                buffer[length++] = (byte) (0x80 | c & 0x3F);
            }
        }
        int byteLength = length - start;
        for (int shift = 24, at = lengthAt; shift >= 0; shift -= 8, at++) {
            buffer[at] = (byte) (byteLength >>> shift);
        }
    }

    private void writeByteString(byte[] bytes) {
        writeInt32(bytes.length);
        ensure(bytes.length);
        System.arraycopy(bytes, 0, buffer, length, bytes.length);
        length += bytes.length;
    }

    private void writeInt32(int value) {
        ensure(4);
        for (int shift = 24; shift >= 0; shift -= 8) {
            buffer[length++] = (byte) (value >>> shift);
        }
    }

    private void writeInt64(long value) {
        ensure(8);
        for (int shift = 56; shift >= 0; shift -= 8) {
            buffer[length++] = (byte) (value >>> shift);
        }
    }

    private void ensure(int extra) {
        if (length + extra > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, length + extra));
        }
    }
}
