package io.idempo.plan;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything the runtime needs to know about one {@link io.idempo.Idempotent} method, fixed at compile time by
 * the processor: the resolved action, where the key and scope come from, the durations, the stored exception
 * types, and the reflection-free fingerprint and key-template functions.
 */
public final class MethodPlan {

    /** Writes the fingerprint fields of one call; generated per method. */
    @FunctionalInterface
    public interface FingerprintFunction {
        void write(Object[] arguments, CanonicalWriter out);
    }

    /** Renders the key template of one call, or returns {@code null} when a placeholder's value is null. */
    @FunctionalInterface
    public interface KeyTemplateFunction {
        String render(Object[] arguments);
    }

    private static final WriterPool WRITERS = new WriterPool();

    private final String signature;
    private final String action;
    private final String keyTemplate;
    private final KeyTemplateFunction keyTemplateFunction;
    private final int keyParameter;
    private final int scopeParameter;
    private final Duration ttl;
    private final Duration lease;
    private final boolean noResult;
    private final List<Class<? extends Throwable>> storedExceptions;
    private final List<String> fingerprintFields;
    private final String fingerprintVersion;
    private final FingerprintFunction fingerprintFunction;

    private MethodPlan(Builder builder) {
        this.signature = builder.signature;
        this.action = Objects.requireNonNull(builder.action, "action");
        this.keyTemplate = builder.keyTemplate;
        this.keyTemplateFunction = builder.keyTemplateFunction;
        this.keyParameter = builder.keyParameter;
        this.scopeParameter = builder.scopeParameter;
        this.ttl = builder.ttl;
        this.lease = builder.lease;
        this.noResult = builder.noResult;
        this.storedExceptions = List.copyOf(builder.storedExceptions);
        this.fingerprintFields = List.copyOf(builder.fingerprintFields);
        this.fingerprintVersion = Objects.requireNonNull(builder.fingerprintVersion, "fingerprintVersion");
        this.fingerprintFunction = Objects.requireNonNull(builder.fingerprintFunction, "fingerprintFunction");
    }

    /** Starts a plan for the method with this signature: {@code name(erased.parameter.Type,...)}. */
    public static Builder builder(String signature) {
        return new Builder(signature);
    }

    /** {@code name(erased.parameter.Type,...)}, with binary names, as {@link MethodPlans#signatureOf} builds it. */
    public String signature() {
        return signature;
    }

    public String action() {
        return action;
    }

    /** The key template as declared, if the method has one. */
    public Optional<String> keyTemplate() {
        return Optional.ofNullable(keyTemplate);
    }

    /** The key rendered from the template, or {@code null} when a placeholder's value is null. */
    public String renderKey(Object[] arguments) {
        if (keyTemplateFunction == null) {
            throw new IllegalStateException(action + " has no key template");
        }
        return keyTemplateFunction.render(arguments);
    }

    /** Index of the {@link io.idempo.IdempotencyKey} parameter, or -1. */
    public int keyParameter() {
        return keyParameter;
    }

    /** Index of the {@link io.idempo.IdempotencyScope} parameter, or -1. */
    public int scopeParameter() {
        return scopeParameter;
    }

    /** The declared TTL; empty means the runtime's configured default. */
    public Optional<Duration> ttl() {
        return Optional.ofNullable(ttl);
    }

    /** The declared lease; empty means the runtime's configured default. */
    public Optional<Duration> lease() {
        return Optional.ofNullable(lease);
    }

    public boolean noResult() {
        return noResult;
    }

    public List<Class<? extends Throwable>> storedExceptions() {
        return storedExceptions;
    }

    /** Whether a thrown exception is a final outcome to store and replay. */
    public boolean storesException(Throwable thrown) {
        for (Class<? extends Throwable> type : storedExceptions) {
            if (type.isInstance(thrown)) {
                return true;
            }
        }
        return false;
    }

    /** The fingerprint paths in the order they are encoded. */
    public List<String> fingerprintFields() {
        return fingerprintFields;
    }

    /** A hash of the field plan (paths, property names and encodings); changes when the plan changes. */
    public String fingerprintVersion() {
        return fingerprintVersion;
    }

    /** Computes the fingerprint of one call's arguments. */
    public Fingerprint fingerprint(Object[] arguments) {
        CanonicalWriter writer = WRITERS.take();
        try {
            fingerprintFunction.write(arguments, writer);
            return writer.finish(fingerprintFields);
        } finally {
            WRITERS.giveBack(writer);
        }
    }

    @Override
    public String toString() {
        return "MethodPlan[" + action + " " + signature + "]";
    }

    /** Used by generated code only. */
    public static final class Builder {
        private final String signature;
        private String action;
        private String keyTemplate;
        private KeyTemplateFunction keyTemplateFunction;
        private int keyParameter = -1;
        private int scopeParameter = -1;
        private Duration ttl;
        private Duration lease;
        private boolean noResult;
        private List<Class<? extends Throwable>> storedExceptions = List.of();
        private List<String> fingerprintFields = List.of();
        private String fingerprintVersion;
        private FingerprintFunction fingerprintFunction;

        private Builder(String signature) {
            this.signature = Objects.requireNonNull(signature, "signature");
        }

        public Builder action(String action) {
            this.action = action;
            return this;
        }

        public Builder keyTemplate(String template, KeyTemplateFunction function) {
            this.keyTemplate = template;
            this.keyTemplateFunction = function;
            return this;
        }

        public Builder keyParameter(int index) {
            this.keyParameter = index;
            return this;
        }

        public Builder scopeParameter(int index) {
            this.scopeParameter = index;
            return this;
        }

        /** An ISO-8601 duration the processor has already checked. */
        public Builder ttl(String isoDuration) {
            this.ttl = Duration.parse(isoDuration);
            return this;
        }

        /** An ISO-8601 duration the processor has already checked. */
        public Builder lease(String isoDuration) {
            this.lease = Duration.parse(isoDuration);
            return this;
        }

        public Builder noResult() {
            this.noResult = true;
            return this;
        }

        @SafeVarargs
        public final Builder storedExceptions(Class<? extends Throwable>... types) {
            this.storedExceptions = List.of(types);
            return this;
        }

        public Builder fingerprint(String version, List<String> fields, FingerprintFunction function) {
            this.fingerprintVersion = version;
            this.fingerprintFields = fields;
            this.fingerprintFunction = function;
            return this;
        }

        public MethodPlan build() {
            return new MethodPlan(this);
        }
    }
}
