package io.idempo.jakarta.internal;

import io.idempo.runtime.Idempotency;
import io.idempo.runtime.aspect.MethodInvocations;
import jakarta.annotation.Priority;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import java.lang.reflect.Method;
import java.lang.reflect.UndeclaredThrowableException;

/**
 * Runs {@code @Idempotent} bean methods through the engine when the application is not woven: Jakarta EE with only
 * the adapter and the processor, no AspectJ plugin. Its priority puts it after the platform's and the application's
 * interceptors, next to the method, as the woven aspect is: inside {@code @Transactional} and EJB transactions.
 */
@Interceptor
@IdempotencyIntercepted
@Priority(Interceptor.Priority.LIBRARY_AFTER)
public class IdempotencyInterceptor {

    @AroundInvoke
    Object runOnce(InvocationContext context) throws Exception {
        Method method = context.getMethod();
        Object target = context.getTarget();
        try {
            return Idempotency.engine().execute(MethodInvocations.of(method,
                    target == null ? method.getDeclaringClass() : target.getClass(), context.getParameters(),
                    context::proceed));
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new UndeclaredThrowableException(e); // proceed() declares Exception: only an odd Throwable subclass
        }
    }
}
