package io.idempo.plan;

import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fingerprint of one call: a SHA-256 digest over the canonical encoding of the declared fields, and, on
 * demand, one short digest per field so that a key reused with other parameters can name what differs without
 * storing or logging any value.
 */
public final class Fingerprint {

    /** Hex characters kept of each per-field digest: 64 bits, plenty to tell two requests of one key apart. */
    static final int FIELD_DIGEST_HEX_LENGTH = 16;

    private final String digest;
    private final byte[] encoded;
    private final List<String> fieldPaths;
    private final int[] fieldStarts;

    /** {@code fieldStarts[i]} is where the field {@code fieldPaths.get(i)} starts in {@code encoded}. */
    Fingerprint(String digest, byte[] encoded, List<String> fieldPaths, int[] fieldStarts) {
        this.digest = digest;
        this.encoded = encoded;
        this.fieldPaths = fieldPaths;
        this.fieldStarts = fieldStarts;
    }

    /** Lowercase hex SHA-256 of the whole encoding: 64 characters. */
    public String digest() {
        return digest;
    }

    /**
     * Field path to the first 16 hex characters of the SHA-256 of that field's encoding, in plan order. Computed
     * on each call from the retained encoding: only writing a record and explaining a mismatch need them.
     */
    public Map<String, String> fieldDigests() {
        Map<String, String> digests = new LinkedHashMap<>();
        MessageDigest sha = Sha256.newDigest();
        for (int i = 0; i < fieldStarts.length; i++) {
            int end = i + 1 < fieldStarts.length ? fieldStarts[i + 1] : encoded.length;
            sha.update(encoded, fieldStarts[i], end - fieldStarts[i]);
            String hex = HexFormat.of().formatHex(sha.digest());
            digests.put(fieldPaths.get(i), hex.substring(0, FIELD_DIGEST_HEX_LENGTH));
        }
        return digests;
    }

    /** The canonical bytes the digest was computed from; a copy, for tests and diagnostics. */
    public byte[] encoded() {
        return encoded.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Fingerprint that && Arrays.equals(encoded, that.encoded);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(encoded);
    }

    @Override
    public String toString() {
        return "Fingerprint[" + digest + "]";
    }
}
