package io.idempo.processor;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
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

    /** Parses the options; an unknown value is reported as an error and the default is used. */
    static ProcessorOptions parse(Map<String, String> raw, java.util.function.Consumer<String> errors) {
        Diagnostic.Kind stability = Diagnostic.Kind.WARNING;
        String stabilityValue = raw.getOrDefault(STABILITY, "warning").toLowerCase(Locale.ROOT);
        switch (stabilityValue) {
            case "warning" -> stability = Diagnostic.Kind.WARNING;
            case "error" -> stability = Diagnostic.Kind.ERROR;
            case "ignore" -> stability = null;
            default -> errors.accept("-A" + STABILITY + "=" + raw.get(STABILITY)
                    + " is not one of warning, error, ignore");
        }
        String verboseValue = raw.getOrDefault(VERBOSE, "false").toLowerCase(Locale.ROOT);
        if (!verboseValue.equals("true") && !verboseValue.equals("false")) {
            errors.accept("-A" + VERBOSE + "=" + raw.get(VERBOSE) + " is not true or false");
        }
        return new ProcessorOptions(stability, verboseValue.equals("true"));
    }
}
