package io.idempo.plan;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * A fresh SHA-256 digest, cloned from one looked up once: {@code MessageDigest.getInstance} searches the security
 * providers on every call, which a request pays two or three times (the record key, the fingerprint, the edge's
 * request digest).
 */
public final class Sha256 {

    private static final MessageDigest PROTOTYPE = lookUp();

    private Sha256() {
    }

    /** A digest of its own for the caller: not shared, not thread-safe. */
    public static MessageDigest newDigest() {
        try {
            return (MessageDigest) PROTOTYPE.clone();
        } catch (CloneNotSupportedException e) {
            return lookUp(); // a provider whose digests cannot be cloned: look it up each time
        }
    }

    /**
     * SHA-256 over {@code parts}, each preceded by its length in UTF-8 bytes as four big-endian bytes, so that no two
     * splits of the same characters give the same input: a record key's hash, an external step's derived key.
     */
    public static byte[] ofLengthPrefixed(String... parts) {
        MessageDigest sha = newDigest();
        for (String part : parts) {
            byte[] bytes = part.getBytes(StandardCharsets.UTF_8);
            sha.update(new byte[] {(byte) (bytes.length >>> 24), (byte) (bytes.length >>> 16),
                (byte) (bytes.length >>> 8), (byte) bytes.length});
            sha.update(bytes);
        }
        return sha.digest();
    }

    private static MessageDigest lookUp() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java platform provides SHA-256", e);
        }
    }
}
