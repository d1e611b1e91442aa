package io.idempo;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Leaves a property out of the fingerprint when its enclosing object is fingerprinted as a whole: a client
 * timestamp, a trace id, a retry counter, anything that legitimately differs between retries of one request.
 *
 * <p>Put it on the record component, the field or the getter. A path in {@link Idempotent#fingerprint()} that
 * names an excluded property explicitly is an error (P009).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.RECORD_COMPONENT})
public @interface FingerprintExclude {
}
