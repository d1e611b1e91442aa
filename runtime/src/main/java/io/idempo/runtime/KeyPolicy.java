package io.idempo.runtime;

import io.idempo.plan.Rules;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Which client keys are accepted. The default follows the design seed ({@link Rules#KEY_CHARACTER}, 8 to 255
 * characters), which admits UUIDs and business keys such as {@code order_20260413001_pay} and rejects anything
 * that could smuggle separators, whitespace or control characters into logs and record keys.
 */
public final class KeyPolicy {

    public static final KeyPolicy DEFAULT = new KeyPolicy(Pattern.compile(Rules.KEY_CHARACTER + "+"),
            Rules.KEY_MIN_LENGTH, Rules.KEY_MAX_LENGTH);

    private final Pattern characters;
    private final int minLength;
    private final int maxLength;

    public KeyPolicy(Pattern characters, int minLength, int maxLength) {
        if (minLength < 1 || maxLength < minLength || maxLength > Rules.KEY_MAX_LENGTH) {
            throw new IllegalArgumentException("Key lengths must satisfy 1 <= min <= max <= " + Rules.KEY_MAX_LENGTH
                    + ", got " + minLength + ".." + maxLength + " (the width of the record's client_key column)");
        }
        this.characters = Objects.requireNonNull(characters, "characters");
        this.minLength = minLength;
        this.maxLength = maxLength;
    }

    /** Returns the key, or throws the typed exception that says what is wrong with it. */
    public String validate(String action, String key) {
        if (key == null || key.isEmpty()) {
            throw new IdempotencyKeyMissingException(action, "No idempotency key for action " + action
                    + ": the request carried none (an Idempotency-Key header over HTTP, a message id for a message)"
                    + " and the method takes none from a key template or an @IdempotencyKey parameter");
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
