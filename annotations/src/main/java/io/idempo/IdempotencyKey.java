package io.idempo;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the parameter of an {@link Idempotent} method that carries the client's idempotency key.
 *
 * <p>Contract enforced by the processor: at most one such parameter per method, never together with a
 * {@link Idempotent#key()} template (P004); its type is {@code String}, {@code CharSequence} or
 * {@code java.util.UUID} (P005); it sits on an {@link Idempotent} method (P006). The value is validated at run
 * time (by default {@code [A-Za-z0-9_.:-]}, 8 to 255 characters) and is never part of the fingerprint.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface IdempotencyKey {
}
