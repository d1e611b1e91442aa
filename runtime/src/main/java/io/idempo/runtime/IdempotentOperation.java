package io.idempo.runtime;

import io.idempo.plan.CanonicalWriter;
import io.idempo.plan.MethodPlan;
import io.idempo.plan.Rules;
import io.idempo.plan.Sha256;
import io.idempo.runtime.internal.StoredExceptions;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * An idempotent operation for code that is neither woven nor intercepted: lambdas, frameworks without CDI, message
 * handlers, tests. The same engine, layers, outcomes and exceptions as an {@code @Idempotent} method, with the
 * checks that can run at run time, reported with the processor's codes when the operation is defined (action,
 * durations, stored exceptions) or called (the fingerprint's types).
 *
 * <pre>{@code
 * static final IdempotentOperation<OrderView> PLACE_ORDER =
 *         IdempotentOperation.of("orders.create", OrderView.class).ttl(Duration.ofMinutes(30));
 *
 * OrderView order = PLACE_ORDER.call(key, request, () -> orders.place(request));
 * }</pre>
 *
 * <p>The fingerprint source is encoded canonically by its run-time type: each component of a record (or entry of
 * a map) is one fingerprint field, so that a reused key names the fields that differ; any other value is the one
 * field {@code value}. The scope is the request context's principal unless {@link #scopedTo} names one. Instances
 * are immutable and safe to share.
 *
 * @param <T> the result type; a duplicate gets the first call's result decoded as this type
 */
public final class IdempotentOperation<T> {

    /** The body of a call: the business work, run once per key. */
    @FunctionalInterface
    public interface Work<T> {
        T run() throws Exception;
    }

    private final String action;
    private final Type resultType;
    private final boolean noResult;
    private final Duration ttl;
    private final Duration lease;
    private final List<Class<? extends Throwable>> storedExceptions;
    private final boolean allowFloatingPoint;
    private final String scope;

    private IdempotentOperation(String action, Type resultType, boolean noResult, Duration ttl, Duration lease,
                                List<Class<? extends Throwable>> storedExceptions, boolean allowFloatingPoint,
                                String scope) {
        this.action = action;
        this.resultType = resultType;
        this.noResult = noResult;
        this.ttl = ttl;
        this.lease = lease;
        this.storedExceptions = storedExceptions;
        this.allowFloatingPoint = allowFloatingPoint;
        this.scope = scope;
    }

    /**
     * An operation whose duplicates get the first call's result back.
     *
     * @throws IllegalArgumentException when the action breaks the action rule ({@code IDEM-P013})
     */
    public static <T> IdempotentOperation<T> of(String action, Class<T> resultType) {
        return of(action, (Type) resultType);
    }

    /** As {@link #of(String, Class)}, for a generic result type such as {@code List<Order>}. */
    public static <T> IdempotentOperation<T> of(String action, Type resultType) {
        Objects.requireNonNull(resultType, "resultType");
        return new IdempotentOperation<>(checkedAction(action), resultType, false, null, null, List.of(), false,
                null);
    }

    /** An operation with nothing to replay: a duplicate returns {@code null} without running. */
    public static IdempotentOperation<Void> withoutResult(String action) {
        return new IdempotentOperation<>(checkedAction(action), Void.class, true, null, null, List.of(), false, null);
    }

    /** How long a completed call replays; the engine's default otherwise. */
    public IdempotentOperation<T> ttl(Duration replayFor) {
        return new IdempotentOperation<>(action, resultType, noResult, positive("ttl", replayFor), lease,
                storedExceptions, allowFloatingPoint, scope);
    }

    /** How long a running call is protected from a second run; the engine's default otherwise. */
    public IdempotentOperation<T> lease(Duration protectFor) {
        return new IdempotentOperation<>(action, resultType, noResult, ttl, positive("lease", protectFor),
                storedExceptions, allowFloatingPoint, scope);
    }

    /**
     * Exceptions that are a final outcome: stored and rethrown to every duplicate.
     *
     * @throws IllegalArgumentException when replay could not rebuild one ({@code IDEM-P017})
     */
    @SafeVarargs
    public final IdempotentOperation<T> storeExceptions(Class<? extends Throwable>... types) {
        for (Class<? extends Throwable> type : types) {
            checkRebuildable(type);
        }
        return new IdempotentOperation<>(action, resultType, noResult, ttl, lease, List.of(types), allowFloatingPoint,
                scope);
    }

    /** Allows {@code float} and {@code double} values in the fingerprint ({@code IDEM-P011} otherwise). */
    public IdempotentOperation<T> allowFloatingPoint() {
        return new IdempotentOperation<>(action, resultType, noResult, ttl, lease, storedExceptions, true, scope);
    }

    /** The same operation in {@code scope} (a user, a tenant, a consumer), instead of the context's principal. */
    public IdempotentOperation<T> scopedTo(String callScope) {
        return new IdempotentOperation<>(action, resultType, noResult, ttl, lease, storedExceptions,
                allowFloatingPoint, Objects.requireNonNull(callScope, "scope"));
    }

    public String action() {
        return action;
    }

    /**
     * Runs {@code work} once per key through the installed engine ({@link Idempotency#install}); a duplicate gets the
     * first call's result, or its stored exception, without running {@code work}. With a null key the request
     * context's key is used.
     *
     * @throws IdempotencyException for the outcomes that are not the work's own (in progress, key reused, ...)
     * @throws Exception            whatever {@code work} throws
     */
    public T call(String key, Object fingerprintSource, Work<T> work) throws Exception {
        return Idempotency.engine().call(this, key, fingerprintSource, work);
    }

    /** The invocation the engine runs: the arguments are the key, the scope and the fingerprint source. */
    Invocation invocation(String key, Object fingerprintSource, Work<T> work) {
        return new Invocation(plan(key != null, fingerprintSource), new Object[] {key, scope, fingerprintSource},
                resultType, work::run);
    }

    /** A plan of the source's shape: its fields are known only now, from the value's run-time type. */
    private MethodPlan plan(boolean keyGiven, Object fingerprintSource) {
        Map<String, Object> fields = fieldsOf(fingerprintSource);
        ValueEncoding encoding = new ValueEncoding(allowFloatingPoint);
        List<CanonicalWriter.Name> names = fields.keySet().stream().map(CanonicalWriter::name).toList();
        List<Object> values = List.copyOf(Arrays.asList(fields.values().toArray()));
        List<String> paths = List.copyOf(fields.keySet());
        MethodPlan.Builder builder = MethodPlan.builder("call:" + action)
                .action(action)
                .fingerprint(shapeVersion(paths), paths, (arguments, out) -> {
                    for (int i = 0; i < names.size(); i++) {
                        out.field(names.get(i));
                        encoding.write(out, paths.get(i), values.get(i));
                    }
                });
        if (keyGiven) {
            builder.keyParameter(0);
        }
        if (scope != null) {
            builder.scopeParameter(1);
        }
        if (ttl != null) {
            builder.ttl(ttl.toString());
        }
        if (lease != null) {
            builder.lease(lease.toString());
        }
        if (noResult) {
            builder.noResult();
        }
        if (!storedExceptions.isEmpty()) {
            @SuppressWarnings("unchecked")
            Class<? extends Throwable>[] types = storedExceptions.toArray(Class[]::new);
            builder.storedExceptions(types);
        }
        return builder.build();
    }

    /** A record's components or a map's entries (sorted by name), else the one field {@code value}. */
    private static Map<String, Object> fieldsOf(Object source) {
        Map<String, Object> fields = new TreeMap<>();
        if (source instanceof Record record) {
            for (Method accessor : ValueEncoding.components(record)) {
                fields.put(accessor.getName(), ValueEncoding.read(accessor, record));
            }
        } else if (source instanceof Map<?, ?> map && map.keySet().stream().allMatch(String.class::isInstance)) {
            map.forEach((name, value) -> fields.put((String) name, value));
        } else {
            fields.put("value", source);
        }
        return fields;
    }

    /** What the record stores as the fingerprint version: 16 hex characters over the field names. */
    private static String shapeVersion(List<String> paths) {
        byte[] digest = Sha256.newDigest()
                .digest(("operation:" + String.join(",", paths)).getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(digest, 0, 8);
    }

    private static String checkedAction(String action) {
        Objects.requireNonNull(action, "action");
        Rules.actionViolation(action).ifPresent(violation -> {
            throw new IllegalArgumentException("[IDEM-P013] action \"" + action + "\" " + violation);
        });
        return action;
    }

    private static Duration positive(String attribute, Duration duration) {
        Objects.requireNonNull(duration, attribute);
        Rules.durationViolation(duration.toString()).ifPresent(violation -> {
            throw new IllegalArgumentException("[IDEM-P012] " + attribute + " = " + duration + " " + violation);
        });
        return duration;
    }

    private static void checkRebuildable(Class<? extends Throwable> type) {
        List<String> problems = StoredExceptions.rebuildProblems(type);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("[IDEM-P017] storeExceptions names " + type.getName()
                    + ", which replay cannot rebuild: " + String.join(", ", problems));
        }
    }
}
