package io.idempo.runtime.step;

import io.idempo.plan.Rules;
import io.idempo.plan.Sha256;
import java.util.HexFormat;
import java.util.Objects;

/**
 * One external step: its owner and its name. Its {@link #derivedKey()} is the idempotency key sent to the provider,
 * the same on every retry, JVM and node, because it is computed from these two values alone.
 *
 * @param owner    whose step it is
 * @param stepName the step's name, by the action rule ({@link Rules#STEP_NAME_PATTERN})
 */
public record StepKey(StepOwner owner, String stepName) {

    /** What every derived key starts with, so that one is recognised in a provider's dashboard or a log. */
    public static final String PREFIX = "idem-";

    /** How many hexadecimal characters of the hash a derived key keeps: 160 bits. */
    public static final int HASH_CHARACTERS = 40;

    /** The length of every derived key: 45, within Adyen's 64 and Stripe's 255. */
    public static final int LENGTH = PREFIX.length() + HASH_CHARACTERS;

    /**
     * The first part of the hash's input. Versioned: a change of the derivation gets a new tag, so that no key derived
     * one way can ever equal a key derived another way.
     */
    static final String DOMAIN = "idempo-step-key-v1";

    public StepKey {
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(stepName, "stepName");
        Rules.stepNameViolation(stepName).ifPresent(violation -> {
            throw new IllegalArgumentException("[IDEM-P025] step name \"" + stepName + "\" " + violation);
        });
    }

    /** The step of {@code owner} named {@code stepName}. */
    public static StepKey of(StepOwner owner, String stepName) {
        return new StepKey(owner, stepName);
    }

    /**
     * {@code idem-} and the first 40 lowercase hexadecimal characters of SHA-256 over {@link #DOMAIN}, the owner's
     * text form and the step name, each preceded by its length in UTF-8 bytes as four big-endian bytes (so that no two
     * splits of the same characters collide). 45 characters of {@code [a-z0-9-]}, which every provider's
     * idempotency-key header accepts; see docs/external-calls.md.
     */
    public String derivedKey() {
        return PREFIX + HexFormat.of().formatHex(Sha256.ofLengthPrefixed(DOMAIN, owner.text(), stepName), 0,
                HASH_CHARACTERS / 2);
    }

    /**
     * Returns {@code text} if it has the form of a derived key ({@code idem-} and 40 lowercase hexadecimal
     * characters), for keys that come from outside (an operator's request); refuses it otherwise.
     */
    public static String requireDerivedKey(String text) {
        boolean valid = text != null && text.length() == LENGTH && text.startsWith(PREFIX)
                && text.substring(PREFIX.length()).chars().allMatch(c -> c >= '0' && c <= '9' || c >= 'a' && c <= 'f');
        if (!valid) {
            throw new IllegalArgumentException("Not a step's derived key (" + PREFIX + " and " + HASH_CHARACTERS
                    + " lowercase hexadecimal characters): '" + text + "'");
        }
        return text;
    }

    @Override
    public String toString() {
        return stepName + " owner=" + owner.text();
    }
}
