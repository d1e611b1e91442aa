package io.idempo.runtime.aspect;

import io.idempo.plan.MethodPlan;
import io.idempo.plan.MethodPlans;
import io.idempo.runtime.Idempotency;
import io.idempo.runtime.Invocation;
import io.idempo.runtime.internal.ReturnTypes;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.aspectj.lang.ProceedingJoinPoint;
import org.aspectj.lang.annotation.Around;
import org.aspectj.lang.annotation.Aspect;
import org.aspectj.lang.reflect.MethodSignature;

/**
 * Hands every {@code @Idempotent} method execution to the engine. An {@code execution} pointcut (not
 * {@code call}) runs inside the method body, so inside the container's transaction interceptors. Annotations are
 * read from the method signature, never from the target, whose class may be a CDI proxy subclass.
 *
 * <p>Compiled by ajc: a javac-compiled aspect has no {@code aspectOf()} and woven code fails at run time.
 */
@Aspect
public class IdempotentAspect {

    private record Resolution(Method method, Class<?> targetClass) {
    }

    private static final Map<Method, MethodPlan> PLANS = new ConcurrentHashMap<>();
    private static final Map<Resolution, Type> RESULT_TYPES = new ConcurrentHashMap<>();

    @Around("execution(@io.idempo.Idempotent * *(..))")
    public Object aroundIdempotent(ProceedingJoinPoint joinPoint) throws Throwable {
        Method method = ((MethodSignature) joinPoint.getSignature()).getMethod();
        Object target = joinPoint.getTarget();
        Class<?> targetClass = target == null ? method.getDeclaringClass() : target.getClass();
        MethodPlan plan = PLANS.computeIfAbsent(method, MethodPlans::forMethod);
        Type resultType = RESULT_TYPES.computeIfAbsent(new Resolution(method, targetClass),
                resolution -> ReturnTypes.resolve(resolution.method(), resolution.targetClass()));
        return Idempotency.engine().execute(new Invocation(plan, joinPoint.getArgs(), resultType, joinPoint::proceed));
    }
}
