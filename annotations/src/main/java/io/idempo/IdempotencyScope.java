package io.idempo;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the parameter of an {@link Idempotent} method that names who a key belongs to: a user, a tenant, an
 * API client. Records are scoped by action and scope, so one scope can never replay another's result.
 *
 * <p>Without it the runtime uses the ambient principal (the Jakarta adapter takes the request's
 * {@code SecurityContext} principal). Contract enforced by the processor: at most one such parameter (P004);
 * its type is {@code String}, {@code CharSequence}, {@code java.util.UUID}, {@code long}, {@code int} (or
 * their boxes) or {@code java.security.Principal} (P005); it sits on an {@link Idempotent} method (P006). It is
 * never part of the fingerprint.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface IdempotencyScope {
}
