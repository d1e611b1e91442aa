package io.idempo;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method that makes one call no database transaction can roll back (a charge at a payment provider, a mail,
 * another team's API), so that it is made once per owner and step name, however often the method is called: the
 * annotation form of {@code io.idempo.runtime.step.ExternalSteps#run}.
 *
 * <p>Each call names its owner through the one {@link Owner} parameter: a consumed event's id, or a
 * {@code StepOwner} (a running call's record key, an event). The owner and {@link #name()} give the step's derived
 * key, {@code idem-} and 40 hexadecimal characters, the same on every retry, JVM and node; the method sends it to the
 * provider as its idempotency key, reading it with {@code ExternalSteps.currentKey()}. The step's state lives in its
 * own table, written in short transactions of its own before and after the method runs, never in the caller's: the
 * method must be called outside any transaction. A step that succeeded returns its stored result without running;
 * one that failed with a {@link #permanentFailures() permanent failure} rethrows it; one whose outcome is unknown
 * (timeout, lost response, crash) runs again with the same key after a backoff, until its budget is spent and it
 * becomes INDETERMINATE, for an operator to resolve. See {@code docs/external-calls.md}.
 *
 * <pre>{@code
 * @ExternalStep(name = "provider.charge", permanentFailures = CardDeclinedException.class)
 * public Charge charge(@ExternalStep.Owner String paymentEventId, Payment payment) {
 *     return provider.charge(ExternalSteps.currentKey(), payment.orderId(), payment.amount());
 * }
 * }</pre>
 *
 * <p>The processor checks each such method at compile time (see {@code docs/checks.md}): it has a body to weave, not
 * in an interface (P034); its result can be replayed, or it declares {@link #noResult()} (P024); its name follows the
 * action rule and is unique in the compilation (P025, P026); its permanent failures can be rebuilt and thrown (P027,
 * P028); its attempts and durations are valid (P029); it has one {@link Owner} parameter of an allowed type (P030);
 * it is not {@link Idempotent} as well (P031), nor run by a container inside a transaction (P033); its
 * {@link #resolver()} fits (P032).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface ExternalStep {

    /**
     * The step's name, such as {@code "provider.charge"}: part of the derived key, so renaming it makes every step
     * already started unreachable (they would run again under a new key). Follows the action rule
     * ({@code [A-Za-z][A-Za-z0-9_.-]{0,63}}) and is unique among the steps of one compilation: two methods with one
     * name and one owner would share a state.
     */
    String name();

    /**
     * How many times the method may run for one step before the step becomes INDETERMINATE, counting the first;
     * between 1 and 1000. Zero (the default) uses the runtime's configured default.
     */
    int maxAttempts() default 0;

    /**
     * The delay after the first failed attempt, as an ISO-8601 duration such as {@code "PT1S"}; it doubles after each
     * further failure, up to {@link #maxBackoff()}. Empty uses the runtime's configured default.
     */
    String backoff() default "";

    /** The longest delay between two attempts, as an ISO-8601 duration. Empty uses the runtime's default. */
    String maxBackoff() default "";

    /**
     * How long one attempt holds the step before another worker may take it over, as an ISO-8601 duration: longer
     * than the method's slowest run, so set the HTTP client's timeouts well below it. Empty uses the runtime's
     * default.
     */
    String lease() default "";

    /**
     * How long after its first attempt a step may still be called, as an ISO-8601 duration: keep it well inside the
     * time the provider keeps idempotency keys (Stripe: 24 hours), since a call after the provider forgot the key
     * would be a new call. Past it the step becomes INDETERMINATE instead of calling. Empty uses the runtime's
     * default.
     */
    String retryWindow() default "";

    /**
     * Exception types that are the step's final answer (a declined card, an invalid request): stored as FAILED and
     * rethrown on every later run without calling again. Any other exception leaves the step to be retried. Each
     * type needs a public constructor taking a single {@code String} message, which replay uses to rebuild it, and a
     * checked type must be declared by the method's {@code throws} clause.
     */
    Class<? extends Throwable>[] permanentFailures() default {};

    /**
     * Whether the provider honours the derived key as an idempotency key (the same key answers with the first call's
     * result): then a step whose outcome is unknown is simply called again with it. When false, such a step first
     * asks the {@link #resolver()} whether the provider already did it, and without a resolver becomes INDETERMINATE
     * instead of calling blindly.
     */
    boolean providerHonoursKeys() default true;

    /**
     * The name of a method of the same class that asks the provider whether it already did the step: it takes the
     * derived key ({@code String}) and returns {@code StepResolution<R>}, where {@code R} is this method's result
     * type (boxed; {@code Void} with {@link #noResult()}). Only with {@code providerHonoursKeys = false}; static
     * when this method is static.
     */
    String resolver() default "";

    /**
     * Declares that the method produces no result to replay. Required on {@code void} methods, refused on methods
     * that return a value: a step that succeeded then returns without running.
     */
    boolean noResult() default false;

    /**
     * Marks the parameter of an {@link ExternalStep} method that names the step's owner: a consumed event's id
     * ({@code String} or {@code java.util.UUID}) or a {@code io.idempo.runtime.step.StepOwner}. Exactly one per
     * method (P030).
     */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.PARAMETER)
    @interface Owner {
    }
}
