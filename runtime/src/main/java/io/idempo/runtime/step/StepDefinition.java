package io.idempo.runtime.step;

import io.idempo.plan.Rules;
import io.idempo.runtime.internal.StoredExceptions;
import java.lang.reflect.Type;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * An external step as code defines it, for {@link ExternalSteps#run}: its name, its result type, its permanent
 * failures, whether the provider honours idempotency keys, and what of the retry {@link StepPolicy} it sets itself
 * (the rest comes from {@link ExternalSteps}). The checks the processor makes on {@code @ExternalStep} run here when
 * the definition is made, reported with the same codes. Instances are immutable and safe to share: keep one in a
 * constant.
 *
 * <pre>{@code
 * static final StepDefinition<Charge> CHARGE = StepDefinition.of("provider.charge", Charge.class)
 *         .permanentFailures(CardDeclinedException.class)
 *         .maxAttempts(8);
 * }</pre>
 *
 * @param <T> the result type; a later run gets the stored result decoded as this type
 */
public final class StepDefinition<T> {

    private final String name;
    private final Type resultType;
    private final boolean noResult;
    private final Integer maxAttempts;
    private final Duration backoff;
    private final Duration maxBackoff;
    private final Duration lease;
    private final Duration retryWindow;
    private final List<Class<? extends Throwable>> permanentFailures;
    private final boolean providerHonoursKeys;
    private final StepResolver<T> resolver;

    private StepDefinition(String name, Type resultType, boolean noResult, Integer maxAttempts, Duration backoff,
                           Duration maxBackoff, Duration lease, Duration retryWindow,
                           List<Class<? extends Throwable>> permanentFailures, boolean providerHonoursKeys,
                           StepResolver<T> resolver) {
        this.name = name;
        this.resultType = resultType;
        this.noResult = noResult;
        this.maxAttempts = maxAttempts;
        this.backoff = backoff;
        this.maxBackoff = maxBackoff;
        this.lease = lease;
        this.retryWindow = retryWindow;
        this.permanentFailures = permanentFailures;
        this.providerHonoursKeys = providerHonoursKeys;
        this.resolver = resolver;
    }

    /**
     * A step whose later runs get its result back.
     *
     * @throws IllegalArgumentException when the name breaks the step name rule ({@code IDEM-P025})
     */
    public static <T> StepDefinition<T> of(String name, Class<T> resultType) {
        return of(name, (Type) resultType);
    }

    /** As {@link #of(String, Class)}, for a generic result type such as {@code List<Charge>}. */
    public static <T> StepDefinition<T> of(String name, Type resultType) {
        Objects.requireNonNull(resultType, "resultType");
        return new StepDefinition<>(checkedName(name), resultType, false, null, null, null, null, null, List.of(),
                true, null);
    }

    /** A step with nothing to return (a mail): later runs return {@code null} without calling. */
    public static StepDefinition<Void> withoutResult(String name) {
        return new StepDefinition<>(checkedName(name), Void.class, true, null, null, null, null, null, List.of(),
                true, null);
    }

    /** How many attempts the step may make, the first included ({@code IDEM-P029} outside 1 to 1000). */
    public StepDefinition<T> maxAttempts(int attempts) {
        Rules.stepAttemptsViolation(attempts).ifPresent(violation -> {
            throw new IllegalArgumentException("[IDEM-P029] maxAttempts = " + attempts + " " + violation);
        });
        return new StepDefinition<>(name, resultType, noResult, attempts, backoff, maxBackoff, lease, retryWindow,
                permanentFailures, providerHonoursKeys, resolver);
    }

    /** The delay after the first failed attempt, doubling up to {@code longest}. */
    public StepDefinition<T> backoff(Duration first, Duration longest) {
        StepPolicy.positive("backoff", first);
        StepPolicy.positive("maxBackoff", longest);
        Rules.backoffViolation(first, longest).ifPresent(violation -> {
            throw new IllegalArgumentException("[IDEM-P029] backoff = " + first + " " + violation);
        });
        return new StepDefinition<>(name, resultType, noResult, maxAttempts, first, longest, lease, retryWindow,
                permanentFailures, providerHonoursKeys, resolver);
    }

    /** How long one attempt holds the step: longer than the call's timeouts. */
    public StepDefinition<T> lease(Duration holdFor) {
        return new StepDefinition<>(name, resultType, noResult, maxAttempts, backoff, maxBackoff,
                StepPolicy.positive("lease", holdFor), retryWindow, permanentFailures, providerHonoursKeys, resolver);
    }

    /** How long after its first attempt the step may still be called: inside the provider's key retention. */
    public StepDefinition<T> retryWindow(Duration window) {
        return new StepDefinition<>(name, resultType, noResult, maxAttempts, backoff, maxBackoff, lease,
                StepPolicy.positive("retryWindow", window), permanentFailures, providerHonoursKeys, resolver);
    }

    /**
     * Exceptions that are the step's final answer: stored as FAILED and rethrown to every later run.
     *
     * @throws IllegalArgumentException when replay could not rebuild one ({@code IDEM-P027})
     */
    @SafeVarargs
    public final StepDefinition<T> permanentFailures(Class<? extends Throwable>... types) {
        for (Class<? extends Throwable> type : types) {
            List<String> problems = StoredExceptions.rebuildProblems(type);
            if (!problems.isEmpty()) {
                throw new IllegalArgumentException("[IDEM-P027] permanentFailures names " + type.getName()
                        + ", which replay cannot rebuild: " + String.join(", ", problems));
            }
        }
        return new StepDefinition<>(name, resultType, noResult, maxAttempts, backoff, maxBackoff, lease, retryWindow,
                List.of(types), providerHonoursKeys, resolver);
    }

    /**
     * The provider does not honour idempotency keys, and nothing can tell whether it did a call: a step whose attempt
     * ended with an unknown outcome becomes INDETERMINATE instead of being called again.
     */
    public StepDefinition<T> providerIgnoresKeys() {
        return new StepDefinition<>(name, resultType, noResult, maxAttempts, backoff, maxBackoff, lease, retryWindow,
                permanentFailures, false, null);
    }

    /**
     * The provider does not honour idempotency keys: before a step whose attempt ended with an unknown outcome is
     * called again, {@code resolver} asks the provider whether it already did it.
     */
    public StepDefinition<T> providerIgnoresKeys(StepResolver<T> askFirst) {
        return new StepDefinition<>(name, resultType, noResult, maxAttempts, backoff, maxBackoff, lease, retryWindow,
                permanentFailures, false, Objects.requireNonNull(askFirst, "resolver"));
    }

    /**
     * A copy with what an {@code @ExternalStep} annotation sets ({@code null}: not set), checked as the processor
     * checked it (P029).
     */
    StepDefinition<T> annotated(Integer attempts, Duration first, Duration longest, Duration holdFor,
                                Duration window) {
        if (attempts != null) {
            Rules.stepAttemptsViolation(attempts).ifPresent(violation -> {
                throw new IllegalArgumentException("[IDEM-P029] maxAttempts = " + attempts + " " + violation);
            });
        }
        if (first != null && longest != null) {
            Rules.backoffViolation(first, longest).ifPresent(violation -> {
                throw new IllegalArgumentException("[IDEM-P029] backoff = " + first + " " + violation);
            });
        }
        return new StepDefinition<>(name, resultType, noResult, attempts, first, longest, holdFor, window,
                permanentFailures, providerHonoursKeys, resolver);
    }

    public String name() {
        return name;
    }

    public Type resultType() {
        return resultType;
    }

    public boolean noResult() {
        return noResult;
    }

    public List<Class<? extends Throwable>> permanentFailures() {
        return permanentFailures;
    }

    public boolean providerHonoursKeys() {
        return providerHonoursKeys;
    }

    /** The resolver, or null when there is none (the provider honours keys, or nothing can ask it). */
    StepResolver<T> resolver() {
        return resolver;
    }

    /** Whether {@code thrown} is one of the step's permanent failures. */
    boolean isPermanent(Throwable thrown) {
        for (Class<? extends Throwable> type : permanentFailures) {
            if (type.isInstance(thrown)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The policy this step runs by: what it sets itself over {@code defaults}. Where it sets only one end of the
     * backoff, and the default of the other end does not fit it, the other end moves to it.
     */
    StepPolicy policy(StepPolicy defaults) {
        Duration first = backoff != null ? backoff : defaults.backoff();
        Duration longest = maxBackoff != null ? maxBackoff : defaults.maxBackoff();
        if (first.compareTo(longest) > 0) {
            if (maxBackoff != null) {
                first = longest;
            } else {
                longest = first;
            }
        }
        return new StepPolicy(maxAttempts != null ? maxAttempts : defaults.maxAttempts(), first, longest,
                lease != null ? lease : defaults.lease(), retryWindow != null ? retryWindow : defaults.retryWindow());
    }

    @Override
    public String toString() {
        return "StepDefinition[" + name + "]";
    }

    private static String checkedName(String name) {
        Objects.requireNonNull(name, "name");
        Rules.stepNameViolation(name).ifPresent(violation -> {
            throw new IllegalArgumentException("[IDEM-P025] step name \"" + name + "\" " + violation);
        });
        return name;
    }
}
