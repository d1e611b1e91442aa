package io.idempo.plan;

import java.time.Duration;
import java.time.Period;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The rules that hold wherever idempo checks a value: the processor at compile time, the Jakarta adapter at
 * deployment and the runtime at run time all ask here, so that a name one of them accepts is never refused by
 * another. Each check returns what is wrong as the end of a sentence ("must match ..."), or nothing.
 */
public final class Rules {

    /**
     * Actions go into record keys, metric attributes and log lines: a small character set without the {@code :}
     * that separates action, scope and client key.
     */
    public static final String ACTION_PATTERN = "[A-Za-z][A-Za-z0-9_.-]{0,63}";

    /**
     * The characters of a client key by default (the design seed's set): UUIDs and business keys such as
     * {@code order_20260413001_pay} fit; separators, whitespace and control characters that could be smuggled into
     * logs and record keys do not. Literal text of a key template is limited to them too.
     */
    public static final String KEY_CHARACTER = "[A-Za-z0-9_.:-]";

    /** The default shortest client key: long enough that clients cannot collide by accident. */
    public static final int KEY_MIN_LENGTH = 8;

    /** The longest client key, and the width of the record's {@code client_key} column. */
    public static final int KEY_MAX_LENGTH = 255;

    /**
     * A record or outbox table: a plain, unquoted SQL identifier, optionally qualified by a schema. 48 characters
     * per part leave room for the index name {@code <table>_expires_at} within PostgreSQL's 63-character limit,
     * beyond which it would silently truncate the name.
     */
    public static final String TABLE_NAME_PATTERN = "([A-Za-z_][A-Za-z0-9_]{0,47}\\.)?[A-Za-z_][A-Za-z0-9_]{0,47}";

    /**
     * An external step's name ({@code io.idempo.ExternalStep}) follows the action rule: it goes into the step's derived
     * key, its outcome lines and its metric attributes, as an action goes into a record's.
     */
    public static final String STEP_NAME_PATTERN = ACTION_PATTERN;

    /** The most calls one external step may make: a budget that runs for days is no budget. */
    public static final int STEP_MAX_ATTEMPTS = 1000;

    private static final Pattern ACTION = Pattern.compile(ACTION_PATTERN);
    private static final Pattern KEY_LITERAL = Pattern.compile(KEY_CHARACTER + "*");
    private static final Pattern TABLE_NAME = Pattern.compile(TABLE_NAME_PATTERN);

    private Rules() {
    }

    /** What is wrong with an action name, or nothing. */
    public static Optional<String> actionViolation(String action) {
        return ACTION.matcher(action).matches() ? Optional.empty() : Optional.of("must match " + ACTION_PATTERN);
    }

    /** What is wrong with an external step's name, or nothing. */
    public static Optional<String> stepNameViolation(String name) {
        return ACTION.matcher(name).matches() ? Optional.empty() : Optional.of("must match " + STEP_NAME_PATTERN);
    }

    /** What is wrong with an external step's {@code maxAttempts}, or nothing. */
    public static Optional<String> stepAttemptsViolation(int attempts) {
        return attempts >= 1 && attempts <= STEP_MAX_ATTEMPTS ? Optional.empty()
                : Optional.of("is not between 1 and " + STEP_MAX_ATTEMPTS);
    }

    /**
     * What is wrong with an external step's backoff, or nothing: the first delay may not exceed the longest (both
     * are valid durations, see {@link #durationViolation}).
     */
    public static Optional<String> backoffViolation(Duration first, Duration longest) {
        return first.compareTo(longest) <= 0 ? Optional.empty()
                : Optional.of("is longer than maxBackoff = \"" + longest + "\", the longest delay");
    }

    /** Whether literal text of a key template stays within {@link #KEY_CHARACTER}. */
    public static boolean isKeyLiteral(String text) {
        return KEY_LITERAL.matcher(text).matches();
    }

    /**
     * What is wrong with a {@code ttl} or {@code lease} value, or nothing: it must be a positive ISO-8601
     * duration. Empty text is fine (it means the configured default).
     */
    public static Optional<String> durationViolation(String text) {
        if (text.isEmpty()) {
            return Optional.empty();
        }
        try {
            Duration duration = Duration.parse(text);
            return duration.isNegative() || duration.isZero() ? Optional.of("is not positive") : Optional.empty();
        } catch (DateTimeParseException e) {
            return Optional.of(isPeriod(text) ? "uses years, months or weeks, which java.time.Duration does not "
                    + "accept (count days, as in \"P30D\")" : "is not an ISO-8601 duration");
        }
    }

    /** What is wrong with a table name, or nothing. */
    public static Optional<String> tableNameViolation(String table) {
        return table != null && TABLE_NAME.matcher(table).matches() ? Optional.empty()
                : Optional.of("must be a plain SQL identifier (a letter or underscore, then letters, digits or"
                        + " underscores, at most 48), optionally prefixed by a schema name and a dot, such as"
                        + " idempo_record or app.idempo_record");
    }

    /** {@code P1M} and {@code P2W} are valid ISO-8601, but only as a calendar {@link Period}. */
    private static boolean isPeriod(String text) {
        try {
            Period.parse(text);
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }
}
