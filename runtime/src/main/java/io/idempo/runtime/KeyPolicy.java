package io.idempo.runtime;

import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Which client keys are accepted. The default follows the design seed: {@code [A-Za-z0-9_.:-]}, 8 to 255
 * characters, which admits UUIDs and business keys such as {@code order_20260413001_pay} and rejects anything
 * that could smuggle separators, whitespace or control characters into logs and record keys.
 */
public final class KeyPolicy {

    public static final KeyPolicy DEFAULT = new KeyPolicy(Pattern.compile("[A-Za-z0-9_.:-]+"), 8, 255);

    private final Pattern characters;
    private final int minLength;
    private final int maxLength;

    public KeyPolicy(Pattern characters, int minLength, int maxLength) {
        if (minLength < 1 || maxLength < minLength || maxLength > 255) {
            throw new IllegalArgumentException("Key lengths must satisfy 1 <= min <= max <= 255, got " + minLength
                    + ".." + maxLength + " (255 is the width of the record's client_key column)");
        }
        this.characters = Objects.requireNonNull(characters, "characters");
        this.minLength = minLength;
        this.maxLength = maxLength;
    }

    /** Returns the key, or throws the typed exception that says what is wrong with it. */
    public String validate(String action, String key) {
        if (key == null || key.isEmpty()) {
            throw new IdempotencyKeyMissingException(action, "No idempotency key for action " + action
                    + ": send an Idempotency-Key header (or pass the @IdempotencyKey parameter)");
        }
        Optional<String> violation = violation(key);
        if (violation.isPresent()) {
            throw new IdempotencyKeyInvalidException(action, key, "The idempotency key for action " + action + " "
                    + violation.get());
        }
        return key;
    }

    /** What is wrong with a non-empty key, as the end of a sentence ("has 300 characters; use 8 to 255"). */
    public Optional<String> violation(String key) {
        if (key.length() < minLength || key.length() > maxLength) {
            return Optional.of("has " + key.length() + " characters; use " + minLength + " to " + maxLength);
        }
        if (!characters.matcher(key).matches()) {
            return Optional.of("uses characters outside " + characters.pattern() + "; a UUID always fits");
        }
        return Optional.empty();
    }

    public int minLength() {
        return minLength;
    }

    public int maxLength() {
        return maxLength;
    }

    public Pattern characters() {
        return characters;
    }
}
