package io.idempo.processor;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import javax.tools.Diagnostic;

/**
 * The {@code -Aidempo.*} options, documented in {@code docs/processor.md}.
 *
 * @param stabilityKind how stability findings are reported: a warning (default), an error, or not at all
 * @param verbose       whether to print each method's plan as a note
 */
record ProcessorOptions(Diagnostic.Kind stabilityKind, boolean verbose) {

    static final String STABILITY = "idempo.stability";
    static final String VERBOSE = "idempo.verbose";
    static final Set<String> NAMES = Set.of(STABILITY, VERBOSE);

    /** Parses the options; an unknown or missing value is reported as an error and the default is used. */
    static ProcessorOptions parse(Map<String, String> raw, Consumer<String> errors) {
        Diagnostic.Kind stability = Diagnostic.Kind.WARNING;
        String stabilityValue = value(raw, STABILITY, "warning", "one of warning, error, ignore", errors);
        switch (stabilityValue) {
            case "warning" -> stability = Diagnostic.Kind.WARNING;
            case "error" -> stability = Diagnostic.Kind.ERROR;
            case "ignore" -> stability = null;
            default -> errors.accept("-A" + STABILITY + "=" + raw.get(STABILITY)
                    + " is not one of warning, error, ignore");
        }
        String verboseValue = value(raw, VERBOSE, "false", "true or false", errors);
        if (!verboseValue.equals("true") && !verboseValue.equals("false")) {
            errors.accept("-A" + VERBOSE + "=" + raw.get(VERBOSE) + " is not true or false");
        }
        return new ProcessorOptions(stability, verboseValue.equals("true"));
    }

    /** The value in lower case; javac maps {@code -Aname} without {@code =value} to null, which is reported. */
    private static String value(Map<String, String> raw, String name, String fallback, String allowed,
                                Consumer<String> errors) {
        if (!raw.containsKey(name)) {
            return fallback;
        }
        String value = raw.get(name);
        if (value == null) {
            errors.accept("-A" + name + " has no value; use " + allowed);
            return fallback;
        }
        return value.toLowerCase(Locale.ROOT);
    }
}
