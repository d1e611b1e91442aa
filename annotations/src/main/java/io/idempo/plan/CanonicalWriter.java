package io.idempo.plan;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.DigestException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Collection;
import java.util.HexFormat;
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
 * <p>Not thread-safe; {@link MethodPlan} lends one to each call from its {@link WriterPool}.
 */
public final class CanonicalWriter {

    /** Writes one element of a collection; generated code passes method references. */
    @FunctionalInterface
    public interface ValueWriter<T> {
        void write(CanonicalWriter out, T value);
    }

    /**
     * A field path or property name, encoded once: the generated class holds one per distinct text as a constant,
     * so that a call copies the bytes of each name instead of encoding its characters again.
     */
    public static final class Name {
        private final byte[] encoded;

        private Name(byte[] encoded) {
            this.encoded = encoded;
        }
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

    /** Every unscaled value of at most this many digits fits a {@code long} (10^18 < 2^63). */
    private static final int LONG_DIGITS = 18;

    /** Big-endian stores of a whole {@code int} or {@code long}: one bounds check instead of one per byte. */
    private static final VarHandle INT32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private byte[] buffer = new byte[256];
    private int length;
    private final int[] fieldStarts = new int[MAX_FIELDS];
    private int fieldCount;

    private final MessageDigest sha256 = Sha256.newDigest();
    private final byte[] digest = new byte[sha256.getDigestLength()];

    CanonicalWriter() {
    }

    void reset() {
        length = 0;
        fieldCount = 0;
    }

    /** The capacity the buffer grew to, so that a pool can drop writers that grew for one huge call. */
    int capacity() {
        return buffer.length;
    }

    /** Encodes {@code text} as names are: {@code u32} length + UTF-8, as {@link #writeString} does after its tag. */
    public static Name name(String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        byte[] encoded = new byte[Integer.BYTES + utf8.length];
        INT32.set(encoded, 0, utf8.length);
        System.arraycopy(utf8, 0, encoded, Integer.BYTES, utf8.length);
        return new Name(encoded);
    }

    /**
     * Starts a top-level fingerprint field: the field's path followed by its value. Where each field starts is
     * kept so that it can also be hashed on its own, to name the fields that differ in a mismatch.
     */
    public void field(Name path) {
        if (fieldCount == MAX_FIELDS) {
            throw new IllegalStateException("A fingerprint covers at most " + MAX_FIELDS + " fields");
        }
        fieldStarts[fieldCount++] = length;
        writeTag(FIELD);
        writeName(path);
    }

    /** Starts an object with {@code propertyCount} properties, each written as {@link #property} then a value. */
    public void beginObject(int propertyCount) {
        writeTag(OBJECT);
        writeInt32(propertyCount);
    }

    /** Names the next property of the current object; properties are written in the order the plan fixed. */
    public void property(Name name) {
        writeName(name);
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
        writeTag(DECIMAL);
        if (value.signum() == 0) {
            writeCompactDecimal(0, 0); // every zero is 0 at scale 0
        } else if (value.precision() <= LONG_DIGITS && value.scale() > Integer.MIN_VALUE + LONG_DIGITS) {
            // The unscaled value, as the long of the same digits at scale 0: that copy does not escape, so neither
            // it nor a BigInteger is allocated. The scale bound keeps the stripped scale an int.
            writeCompactDecimal(value.scaleByPowerOfTen(value.scale()).longValue(), value.scale());
        } else {
            BigDecimal normal = value.stripTrailingZeros();
            writeInt32(normal.scale());
            writeByteString(normal.unscaledValue().toByteArray());
        }
    }

    /**
     * The bytes of the general path for an unscaled value that fits a {@code long}, without its allocations (the
     * stripped copy, its {@code BigInteger}, the byte array): typical amounts take this path.
     */
    private void writeCompactDecimal(long unscaled, int scale) {
        while (unscaled != 0 && unscaled % 10 == 0) {
            unscaled /= 10;
            scale--;
        }
        writeInt32(scale);
        // As BigInteger.toByteArray(): the minimal two's complement, bitLength() / 8 + 1 bytes.
        int byteCount = (Long.SIZE - Long.numberOfLeadingZeros(unscaled ^ unscaled >> 63)) / Byte.SIZE + 1;
        writeInt32(byteCount);
        ensure(byteCount);
        for (int shift = (byteCount - 1) * Byte.SIZE; shift >= 0; shift -= Byte.SIZE) {
            buffer[length++] = (byte) (unscaled >>> shift);
        }
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

    /**
     * Hashes the encoding once, with this thread's reused {@link MessageDigest} and digest array. The plan names
     * the fields ({@code fieldPaths}, in the order they were written), so the writer only records where they start.
     */
    Fingerprint finish(List<String> fieldPaths) {
        if (fieldPaths.size() != fieldCount) {
            throw new IllegalStateException(fieldCount + " fields written for the " + fieldPaths.size()
                    + " paths " + fieldPaths);
        }
        sha256.update(buffer, 0, length);
        try {
            sha256.digest(digest, 0, digest.length);
        } catch (DigestException e) {
            throw new IllegalStateException("The digest array has the digest's length", e);
        }
        return new Fingerprint(HexFormat.of().formatHex(digest), Arrays.copyOf(buffer, length), fieldPaths,
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
        int charCount = value.length();
        ensure(Integer.BYTES + charCount * 3); // a char takes at most 3 bytes; a surrogate pair 4 for its 2 chars
        byte[] bytes = buffer;
        int start = length + Integer.BYTES;
        int at = start;
        int i = 0;
        // Codes, identifiers and most text are ASCII: a loop with one test per char until the first that is not.
        for (; i < charCount; i++) {
            char c = value.charAt(i);
            if (c >= 0x80) {
                break;
            }
            bytes[at++] = (byte) c;
        }
        for (; i < charCount; i++) {
            char c = value.charAt(i);
            if (c < 0x80) {
                bytes[at++] = (byte) c;
            } else if (c < 0x800) {
                bytes[at++] = (byte) (0xC0 | c >> 6);
                bytes[at++] = (byte) (0x80 | c & 0x3F);
            } else if (Character.isHighSurrogate(c) && i + 1 < charCount
                    && Character.isLowSurrogate(value.charAt(i + 1))) {
                int codePoint = Character.toCodePoint(c, value.charAt(++i));
                bytes[at++] = (byte) (0xF0 | codePoint >> 18);
                bytes[at++] = (byte) (0x80 | codePoint >> 12 & 0x3F);
                bytes[at++] = (byte) (0x80 | codePoint >> 6 & 0x3F);
                bytes[at++] = (byte) (0x80 | codePoint & 0x3F);
            } else if (Character.isSurrogate(c)) {
                bytes[at++] = '?';
            } else {
                bytes[at++] = (byte) (0xE0 | c >> 12);
                bytes[at++] = (byte) (0x80 | c >> 6 & 0x3F);
                bytes[at++] = (byte) (0x80 | c & 0x3F);
            }
        }
        INT32.set(bytes, length, at - start);
        length = at;
    }

    private void writeName(Name name) {
        byte[] encoded = name.encoded;
        ensure(encoded.length);
        System.arraycopy(encoded, 0, buffer, length, encoded.length);
        length += encoded.length;
    }

    private void writeByteString(byte[] bytes) {
        writeInt32(bytes.length);
        ensure(bytes.length);
        System.arraycopy(bytes, 0, buffer, length, bytes.length);
        length += bytes.length;
    }

    private void writeInt32(int value) {
        ensure(Integer.BYTES);
        INT32.set(buffer, length, value);
        length += Integer.BYTES;
    }

    private void writeInt64(long value) {
        ensure(Long.BYTES);
        INT64.set(buffer, length, value);
        length += Long.BYTES;
    }

    private void ensure(int extra) {
        if (length + extra > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, length + extra));
        }
    }
}
