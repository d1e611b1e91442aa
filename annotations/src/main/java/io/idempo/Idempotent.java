package io.idempo;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a business method whose effect must happen once per idempotency key, however often it is called.
 *
 * <p>The woven aspect of {@code idempo-runtime} runs every call through four layers: the key is read and
 * validated, a claim is taken in Redis (or the in-JVM store), a record row is inserted in the caller's own
 * transaction, and a duplicate call gets the first call's result instead of running the method again.
 *
 * <p>The annotation processor ({@code idempo-processor}) checks each annotated method at compile time; every
 * rule below is enforced there and reported as an error with a stable code ({@code IDEM-Pnnn}) on the
 * offending element. See {@code docs/checks.md} for the catalogue.
 * <ul>
 *   <li>The method is concrete and declared in a class: not abstract, not in an interface (P002). Private,
 *       static and final methods are fine: the aspect weaves the method body itself.</li>
 *   <li>The method returns a value whose type can be replayed (P001, P003), unless {@link #noResult()} is
 *       set: a duplicate of a {@code void} method then returns without running.</li>
 *   <li>The key comes from exactly one source: the {@link #key()} template, one {@link IdempotencyKey}
 *       parameter, or, when neither is given, the ambient request context (the {@code Idempotency-Key}
 *       header through the Jakarta adapter) (P004).</li>
 *   <li>Every path in {@link #key()} and {@link #fingerprint()} names a parameter and readable properties
 *       (record component, getter or accessible field) (P008, P009), and every fingerprinted type has a
 *       canonical encoding (P010, P011).</li>
 *   <li>{@link #action()} matches {@code [A-Za-z][A-Za-z0-9_.-]{0,63}} and is unique in the compilation
 *       (P013, P014); {@link #ttl()} and {@link #lease()} are positive ISO-8601 durations (P012).</li>
 * </ul>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Idempotent {

    /**
     * The business action, such as {@code "orders.create"} or {@code "payments.capture"}. Keys are scoped by
     * action: the same client key used for two actions names two independent operations.
     *
     * <p>Empty (the default) derives it from the simple name of the declaring class and the method name:
     * {@code "OrderService.placeOrder"}. Must match {@code [A-Za-z][A-Za-z0-9_.-]{0,63}} and be unique
     * among the methods of one compilation. Renaming an action makes earlier records unreachable: set it
     * explicitly for anything that lives longer than a deployment.
     */
    String action() default "";

    /**
     * A key template built from parameter fields, for callers that do not send a key of their own (payment
     * provider callbacks, message consumers, scheduled jobs): {@code "{callback.channelTxnId}:settle"}.
     *
     * <p>Each {@code {path}} placeholder names a parameter and then properties of it, separated by dots; its
     * value must be a scalar (string, number, boolean, enum, UUID or {@code java.time} value). Literal text
     * may only use the key character set {@code [A-Za-z0-9_.:-]}. A placeholder whose value is {@code null}
     * at run time is a missing key.
     *
     * <p>Empty (the default) takes the key from the one {@link IdempotencyKey} parameter or, when there is
     * none, from the ambient request context that the Jakarta adapter fills from the {@code Idempotency-Key}
     * header. A template and an {@link IdempotencyKey} parameter together are an error.
     */
    String key() default "";

    /**
     * The parameter paths that make up the request fingerprint, compared on every duplicate: the same key with
     * a different fingerprint is refused as "key reused with other parameters" (HTTP 422).
     *
     * <p>Each entry is a parameter name optionally followed by properties, such as {@code "request.productId"}.
     * Empty (the default) covers every parameter except the {@link IdempotencyKey} and
     * {@link IdempotencyScope} ones. Properties marked {@link FingerprintExclude} are skipped when a whole
     * object is covered.
     *
     * <p>Every covered type needs a canonical encoding: strings, primitives and their boxes, {@code BigDecimal}
     * (normalised, so {@code 1.0} equals {@code 1}), {@code BigInteger}, enums (by name), {@code UUID},
     * {@code java.time} values, {@code byte[]}, {@code Optional}, lists and arrays (in order), sets and maps
     * (sorted by encoded element or key, so equal content gives equal digests whatever the implementation),
     * and records or classes through their readable properties. {@code Object}, raw and wildcard types,
     * types with no readable property and recursive types are refused; so are {@code float} and
     * {@code double} unless {@link #allowFloatingPoint()} is set.
     */
    String[] fingerprint() default {};

    /**
     * How long a completed call replays, as an ISO-8601 duration: {@code "PT30M"} for orders, {@code "PT24H"}
     * for payments, {@code "PT6H"} for webhooks. It must cover the caller's whole retry window: a retry that
     * arrives after it runs again. Empty uses the runtime's configured default.
     */
    String ttl() default "";

    /**
     * How long an in-flight claim is held before another caller may take over, as an ISO-8601 duration such
     * as {@code "PT30S"}. Longer than the slowest expected run of the method; the database record still fences
     * a second executor if a run outlives its lease. Empty uses the runtime's configured default.
     */
    String lease() default "";

    /**
     * Exception types that are a final outcome: when the method throws one of these (or a subtype), the
     * failure is stored with the record and rethrown on every duplicate instead of running the method again.
     * Any other exception leaves nothing behind, so a retry runs again.
     *
     * <p>Each type must have a public constructor taking a single {@code String} message, which replay uses to
     * rebuild it, and a checked type must be declared by the method's {@code throws} clause (itself, a supertype
     * or a subtype), or it could never be thrown.
     */
    Class<? extends Throwable>[] storeExceptions() default {};

    /**
     * Allows {@code float} and {@code double} values in the fingerprint. Off by default because money in
     * binary floating point is a bug; when on, values are encoded by their IEEE-754 bits with {@code -0.0}
     * folded into {@code 0.0} and every NaN into one.
     */
    boolean allowFloatingPoint() default false;

    /**
     * Declares that the method produces no result to replay. Required on {@code void} methods, refused on
     * methods that return a value: a duplicate then completes without running and returns nothing.
     */
    boolean noResult() default false;
}
