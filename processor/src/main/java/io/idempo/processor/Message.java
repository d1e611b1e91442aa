package io.idempo.processor;

/**
 * Every diagnostic the processor can report. Codes are stable across releases: users search for them, suppress
 * builds on them and find them in {@code docs/checks.md}. A retired code is never reused.
 */
enum Message {

    VOID_WITHOUT_NO_RESULT("IDEM-P001", Severity.ERROR,
            "@Idempotent method returns void, so a duplicate has no result to replay; return the result, "
                    + "or set @Idempotent(noResult = true) to let duplicates return without running"),
    NOT_CONCRETE("IDEM-P002", Severity.ERROR,
            "@Idempotent on %s does nothing: the aspect weaves method bodies; put it on the implementing method"),
    NO_RESULT_WITH_VALUE("IDEM-P003", Severity.ERROR,
            "noResult = true, but the method returns %s: duplicates would get no result; remove noResult"),
    SECOND_SOURCE("IDEM-P004", Severity.ERROR,
            "%s; an @Idempotent method takes its %s from exactly one source"),
    UNUSABLE_PARAMETER_TYPE("IDEM-P005", Severity.ERROR,
            "@%s parameter '%s' has type %s; use %s"),
    ORPHAN_PARAMETER("IDEM-P006", Severity.ERROR,
            "@%s on a parameter of %s, which is not @Idempotent: it does nothing; %s"),
    MALFORMED_KEY_TEMPLATE("IDEM-P007", Severity.ERROR,
            "key template \"%s\" %s"),
    UNKNOWN_PARAMETER("IDEM-P008", Severity.ERROR,
            "%s path '%s' names parameter '%s', %s"),
    UNREADABLE_PROPERTY("IDEM-P009", Severity.ERROR,
            "%s path '%s': %s has no readable property '%s' (%s)"),
    EXCLUDED_PROPERTY("IDEM-P009", Severity.ERROR,
            "fingerprint path '%s' names property '%s' of %s, which is marked @FingerprintExclude; remove the path, "
                    + "or remove @FingerprintExclude to fingerprint the property"),
    NOT_ENCODABLE("IDEM-P010", Severity.ERROR,
            "fingerprint field '%s' has type %s, which has no canonical encoding: %s"),
    FLOATING_POINT("IDEM-P011", Severity.ERROR,
            "fingerprint field '%s' is %s: binary floating point does not hold money exactly; use BigDecimal or "
                    + "an integer of minor units, or set @Idempotent(allowFloatingPoint = true)"),
    INVALID_DURATION("IDEM-P012", Severity.ERROR,
            "%s = \"%s\" %s; write a positive ISO-8601 duration such as \"PT30M\" or \"PT24H\""),
    MALFORMED_ACTION("IDEM-P013", Severity.ERROR,
            "action \"%s\"%s %s; set @Idempotent(action = \"...\")"),
    DUPLICATE_ACTION("IDEM-P014", Severity.ERROR,
            "action \"%s\" is already used by %s; records of two methods would share keys, give each its own "
                    + "@Idempotent(action = \"...\")"),
    UNREPLAYABLE_RESULT("IDEM-P015", Severity.ERROR,
            "return type %s uses the method's type variable %s, which is unknown when a duplicate replays the "
                    + "stored result; return a concrete type"),
    STORED_EXCEPTION_NOT_THROWN("IDEM-P016", Severity.ERROR,
            "storeExceptions names %s, a checked exception the method does not declare, so it can never be "
                    + "stored; add it to the throws clause or remove it"),
    STORED_EXCEPTION_NOT_REBUILDABLE("IDEM-P017", Severity.ERROR,
            "storeExceptions names %s, which replay cannot rebuild: %s"),
    TEMPLATE_NOT_SCALAR("IDEM-P018", Severity.ERROR,
            "key template placeholder {%s} has type %s; a placeholder must name a string, integer, decimal, "
                    + "boolean, enum, UUID or java.time value"),
    OVERLAPPING_PATHS("IDEM-P019", Severity.ERROR,
            "fingerprint path '%s' %s '%s'; list each field once"),
    INACCESSIBLE("IDEM-P020", Severity.ERROR,
            "%s is not accessible from the generated class in package %s; make it package-private or public"),
    ABSTRACT_FINGERPRINT_TYPE("IDEM-P021", Severity.STABILITY,
            "fingerprint field '%s' has the abstract type %s: only its own readable properties are covered, not "
                    + "those an implementation adds; fingerprint a concrete type or list the paths explicitly"),
    TYPE_NOT_GENERATED("IDEM-P022", Severity.ERROR,
            "%s is still not generated after the last round of annotation processing, so the method gets no plan; "
                    + "another annotation processor was expected to generate it: check that it runs "
                    + "(annotationProcessorPaths) without errors of its own, or correct the name"),
    AWAITING_LOMBOK("IDEM-P023", Severity.ERROR,
            "%s has Lombok annotations (%s), and annotation processing ended before it could be read as Lombok "
                    + "completes it, so the method gets no plan; put Lombok on annotationProcessorPaths, before "
                    + "idempo-processor"),
    STEP_VOID_WITHOUT_NO_RESULT("IDEM-P024", Severity.ERROR,
            "@ExternalStep method returns void, so a later run has no result to return; return the provider's "
                    + "answer, or set @ExternalStep(noResult = true) to let later runs return without calling"),
    STEP_NO_RESULT_WITH_VALUE("IDEM-P024", Severity.ERROR,
            "noResult = true, but the @ExternalStep method returns %s: later runs would get no result; remove "
                    + "noResult"),
    STEP_UNREPLAYABLE_RESULT("IDEM-P024", Severity.ERROR,
            "return type %s uses the method's type variable %s, which is unknown when a later run decodes the "
                    + "stored result; return a concrete type"),
    MALFORMED_STEP_NAME("IDEM-P025", Severity.ERROR,
            "step name \"%s\" %s; the name is part of every derived key, log line and metric of the step"),
    DUPLICATE_STEP_NAME("IDEM-P026", Severity.ERROR,
            "step name \"%s\" is already used by %s; the two steps of one owner would share one derived key and "
                    + "one state, give each its own name"),
    PERMANENT_FAILURE_NOT_REBUILDABLE("IDEM-P027", Severity.ERROR,
            "permanentFailures names %s, which a later run cannot rebuild: %s"),
    PERMANENT_FAILURE_NOT_THROWN("IDEM-P028", Severity.ERROR,
            "permanentFailures names %s, a checked exception the method does not declare, so it can never be "
                    + "thrown; add it to the throws clause or remove it"),
    INVALID_STEP_ATTEMPTS("IDEM-P029", Severity.ERROR,
            "maxAttempts = %s %s; leave it out for the runtime's default"),
    INVALID_STEP_DURATION("IDEM-P029", Severity.ERROR,
            "%s = \"%s\" %s; write a positive ISO-8601 duration such as \"PT1S\" or \"PT12H\""),
    BACKOFF_ABOVE_MAX("IDEM-P029", Severity.ERROR,
            "backoff = \"%s\" %s; shorten it or raise maxBackoff"),
    MISSING_STEP_OWNER("IDEM-P030", Severity.ERROR,
            "@ExternalStep method has no @ExternalStep.Owner parameter; mark the parameter that names whose step "
                    + "it is: an event id (String or UUID) or an io.idempo.runtime.step.StepOwner"),
    SECOND_STEP_OWNER("IDEM-P030", Severity.ERROR,
            "parameter '%s' is a second @ExternalStep.Owner; a step has exactly one owner"),
    UNUSABLE_STEP_OWNER("IDEM-P030", Severity.ERROR,
            "@ExternalStep.Owner parameter '%s' has type %s; use String or UUID (an event id) or "
                    + "io.idempo.runtime.step.StepOwner"),
    ORPHAN_STEP_OWNER("IDEM-P030", Severity.ERROR,
            "@ExternalStep.Owner on a parameter of %s, which is not @ExternalStep: it does nothing; %s"),
    STEP_AND_IDEMPOTENT("IDEM-P031", Severity.ERROR,
            "@ExternalStep and @Idempotent on one method: an @Idempotent method runs inside a transaction, where a "
                    + "step refuses to run; make the step a method of its own and call it after the transaction "
                    + "commits"),
    RESOLVER_NEVER_ASKED("IDEM-P032", Severity.ERROR,
            "resolver = \"%s\", but providerHonoursKeys is true, so the step is retried with its key and the "
                    + "resolver is never asked; set providerHonoursKeys = false or remove the resolver"),
    UNKNOWN_RESOLVER("IDEM-P032", Severity.ERROR,
            "resolver = \"%s\" names no method of %s that takes one String (the derived key); declare "
                    + "StepResolution<%s> %s(String derivedKey) in it"),
    UNUSABLE_RESOLVER("IDEM-P032", Severity.ERROR,
            "resolver %s %s"),
    STEP_IN_TRANSACTION("IDEM-P033", Severity.ERROR,
            "the @ExternalStep method would run inside a transaction (%s), where a step refuses to run: no "
                    + "connection or row lock may wait for the provider; %s"),
    STEP_WITHOUT_BODY("IDEM-P034", Severity.ERROR,
            "@ExternalStep on %s does nothing: the aspect weaves method bodies, and an implementation does not "
                    + "inherit the annotation; put it on the implementing method"),
    INTERNAL_ERROR("IDEM-P099", Severity.ERROR,
            "idempo-processor failed on %s (%s); please report it with this message");

    /** How a message is reported; stability warnings follow the {@code idempo.stability} option. */
    enum Severity { ERROR, STABILITY }

    private final String code;
    private final Severity severity;
    private final String format;

    Message(String code, Severity severity, String format) {
        this.code = code;
        this.severity = severity;
        this.format = format;
    }

    String code() {
        return code;
    }

    Severity severity() {
        return severity;
    }

    String format(Object... arguments) {
        return "[" + code + "] " + String.format(format, arguments);
    }
}
