package io.idempo.plan;

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

    private static MessageDigest lookUp() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java platform provides SHA-256", e);
        }
    }
}
