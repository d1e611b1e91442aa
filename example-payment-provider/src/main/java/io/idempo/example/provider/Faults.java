package io.idempo.example.provider;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The faults the provider injects, each drawn per request from the provider's seeded {@link Dice}.
 *
 * @param loseResponse the probability that a charge request that succeeded (a new charge or a replay) gets no
 *                     answer: the charge is committed, then the connection is closed, as a lost response looks
 * @param failBefore   the probability that a valid charge request is answered 503 {@code provider_unavailable}
 *                     before anything is stored
 * @param delay        how late every answer of {@code POST /v1/charges} comes (the charge is made first)
 * @param webhookTwice the probability that a new charge's webhook is delivered twice (two deliveries, each at least
 *                     once)
 */
public record Faults(double loseResponse, double failBefore, Duration delay, double webhookTwice) {

    public static final Faults NONE = new Faults(0, 0, Duration.ZERO, 0);

    static final long MAX_DELAY_MS = 600_000;
    static final String SYNTAX = "comma-separated name:value from lose-response:<probability>,"
            + " fail-before:<probability>, delay-ms:<ms>, webhook-twice:<probability> (a probability from 0 to 1,"
            + " such as 0.25; ms a whole number up to " + MAX_DELAY_MS + ")";

    private static final Pattern PROBABILITY = Pattern.compile("0(\\.[0-9]+)?|1(\\.0+)?|\\.[0-9]+");
    private static final Pattern MILLIS = Pattern.compile("[0-9]{1,9}");

    public Faults {
        requireProbability("lose-response", loseResponse);
        requireProbability("fail-before", failBefore);
        requireProbability("webhook-twice", webhookTwice);
        if (delay.isNegative() || delay.toMillis() > MAX_DELAY_MS) {
            throw new IllegalArgumentException("delay-ms must be from 0 to " + MAX_DELAY_MS + ", not "
                    + delay.toMillis());
        }
    }

    /**
     * The faults {@code spec} names, such as {@code lose-response:0.3,webhook-twice:0.5}; blank for none.
     *
     * @throws IllegalArgumentException naming what is wrong with {@code spec}
     */
    public static Faults parse(String spec) {
        Faults faults = NONE;
        if (spec.isBlank()) {
            return faults;
        }
        Set<String> seen = new LinkedHashSet<>();
        for (String item : spec.split(",", -1)) {
            String fault = item.strip();
            int colon = fault.indexOf(':');
            if (colon < 0) {
                throw new IllegalArgumentException("\"" + fault + "\" is not name:value; the faults are " + SYNTAX);
            }
            String name = fault.substring(0, colon).strip();
            String value = fault.substring(colon + 1).strip();
            if (!seen.add(name)) {
                throw new IllegalArgumentException(name + " is given twice");
            }
            faults = switch (name) {
                case "lose-response" -> new Faults(probability(name, value), faults.failBefore, faults.delay,
                        faults.webhookTwice);
                case "fail-before" -> new Faults(faults.loseResponse, probability(name, value), faults.delay,
                        faults.webhookTwice);
                case "delay-ms" -> new Faults(faults.loseResponse, faults.failBefore, millis(name, value),
                        faults.webhookTwice);
                case "webhook-twice" -> new Faults(faults.loseResponse, faults.failBefore, faults.delay,
                        probability(name, value));
                default -> throw new IllegalArgumentException("unknown fault \"" + name + "\"; the faults are "
                        + SYNTAX);
            };
        }
        return faults;
    }

    /** As {@link #parse} reads them, the faults that are on; "none" when none is. */
    @Override
    public String toString() {
        StringBuilder on = new StringBuilder();
        append(on, "lose-response", loseResponse);
        append(on, "fail-before", failBefore);
        if (!delay.isZero()) {
            on.append(on.length() > 0 ? "," : "").append("delay-ms:").append(delay.toMillis());
        }
        append(on, "webhook-twice", webhookTwice);
        return on.length() == 0 ? "none" : on.toString();
    }

    private static void append(StringBuilder on, String name, double probability) {
        if (probability > 0) {
            on.append(on.length() > 0 ? "," : "").append(name).append(':').append(probability);
        }
    }

    private static double probability(String name, String value) {
        if (!PROBABILITY.matcher(value).matches()) {
            throw new IllegalArgumentException(name + " takes a probability from 0 to 1, such as 0.25, not \""
                    + value + "\"");
        }
        return Double.parseDouble(value);
    }

    private static Duration millis(String name, String value) {
        if (!MILLIS.matcher(value).matches()) {
            throw new IllegalArgumentException(name + " takes a whole number of milliseconds, not \"" + value + "\"");
        }
        return Duration.ofMillis(Long.parseLong(value));
    }

    private static void requireProbability(String name, double probability) {
        if (!(probability >= 0 && probability <= 1)) {
            throw new IllegalArgumentException(name + " takes a probability from 0 to 1, not " + probability);
        }
    }
}
