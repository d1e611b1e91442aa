package io.idempo.runtime.record;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/** Test fixtures: fresh key hashes and claims. */
final class Records {

    static final Duration LEASE = Duration.ofSeconds(30);
    static final Duration TTL = Duration.ofMinutes(10);

    private Records() {
    }

    /** A new random key hash, so repeated runs never meet old rows. */
    static String newKeyHash() {
        return sha256(UUID.randomUUID().toString());
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(
                    MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static NewRecord claimFor(String keyHash) {
        return claimFor(keyHash, "amount=100");
    }

    /** A claim whose fingerprint is derived from {@code parameters}, so two claims can differ in it. */
    static NewRecord claimFor(String keyHash, String parameters) {
        Map<String, String> digests = new LinkedHashMap<>();
        digests.put("order.no", sha256("order.no=" + parameters).substring(0, 16));
        digests.put("amount", sha256(parameters).substring(0, 16));
        return new NewRecord(keyHash, "orders.create", "tenant-7", "client-key-" + keyHash.substring(0, 8),
                sha256(parameters), "v1", digests, LEASE, TTL);
    }
}
