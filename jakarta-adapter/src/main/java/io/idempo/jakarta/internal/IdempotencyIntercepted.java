package io.idempo.jakarta.internal;

import jakarta.enterprise.util.AnnotationLiteral;
import jakarta.interceptor.InterceptorBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The interceptor binding {@link IdempotencyExtension} adds to every {@code @Idempotent} bean method the AspectJ
 * aspect was not woven into, so that {@link IdempotencyInterceptor} runs it through the engine. Applications never
 * write it: {@code @Idempotent} itself lives in a module without CDI, and carries members (action, key, ...) that
 * an interceptor binding would have to match.
 */
@InterceptorBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface IdempotencyIntercepted {

    /** The binding, for the extension to add. */
    final class Literal extends AnnotationLiteral<IdempotencyIntercepted> implements IdempotencyIntercepted {
        private static final long serialVersionUID = 1L;

        static final Literal INSTANCE = new Literal();
    }
}
