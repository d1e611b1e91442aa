package io.idempo.runtime.step;

import io.idempo.plan.Rules;
import io.idempo.runtime.RecordKey;
import java.util.Locale;
import java.util.Objects;

/**
 * Whose external step it is: a running idempotent call (its record key's hash) or a consumed event (its id). The
 * owner and the step's name give the step's derived key, so a retry of the same call, or a redelivery of the same
 * event, finds the same step, and two owners never share one.
 *
 * <p>Its text form, {@code call:<key hash>} or {@code event:<id>}, is what the step table's {@code owner} column, the
 * outcome line ({@code scope=}) and the derived key's hash take.
 *
 * @param kind a call or an event
 * @param id   the call's key hash (64 lowercase hexadecimal characters) or the event's id (1 to 255 characters of
 *             {@code [A-Za-z0-9_.:-]}, the key character set: a UUID, a message id)
 */
public record StepOwner(Kind kind, String id) {

    /** The two kinds of owner; the label prefixes the text form. */
    public enum Kind {
        CALL, EVENT;

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The longest text form: {@code event:} and an id of {@link Rules#KEY_MAX_LENGTH} characters. */
    public static final int MAX_TEXT_LENGTH = "event:".length() + Rules.KEY_MAX_LENGTH;

    public StepOwner {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(id, "id");
        if (kind == Kind.CALL && !(id.length() == 64 && id.chars().allMatch(StepOwner::isLowercaseHex))) {
            throw new IllegalArgumentException("A call owner is its record key's hash, 64 lowercase hexadecimal"
                    + " characters (RecordKey.hash()), not '" + id + "'");
        }
        if (kind == Kind.EVENT && (id.isEmpty() || id.length() > Rules.KEY_MAX_LENGTH || !Rules.isKeyLiteral(id))) {
            throw new IllegalArgumentException("An event owner's id must have 1 to " + Rules.KEY_MAX_LENGTH
                    + " characters of " + Rules.KEY_CHARACTER + " (a UUID, a message id), not '" + id + "'");
        }
    }

    /** The step belongs to the idempotent call with this key (action, scope, client key). */
    public static StepOwner call(RecordKey key) {
        return new StepOwner(Kind.CALL, key.hash());
    }

    /** The step belongs to the consumed event with this id (an outbox event's id, a message id). */
    public static StepOwner event(String eventId) {
        return new StepOwner(Kind.EVENT, eventId);
    }

    /**
     * Reads the {@link #text()} form back (from the step table, an operator's request).
     *
     * @throws IllegalArgumentException when the text is not an owner's
     */
    public static StepOwner parse(String text) {
        int colon = text.indexOf(':');
        String kind = colon < 0 ? "" : text.substring(0, colon);
        for (Kind candidate : Kind.values()) {
            if (candidate.label().equals(kind)) {
                return new StepOwner(candidate, text.substring(colon + 1));
            }
        }
        throw new IllegalArgumentException("Not a step owner (call:<key hash> or event:<id>): '" + text + "'");
    }

    /** {@code call:<key hash>} or {@code event:<id>}. */
    public String text() {
        return kind.label() + ":" + id;
    }

    @Override
    public String toString() {
        return text();
    }

    private static boolean isLowercaseHex(int c) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'f';
    }
}
