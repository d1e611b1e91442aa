package io.idempo.runtime.aspect;

import io.idempo.runtime.Idempotency;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.regex.Pattern;
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

    /** ajc moves the body of each method it weaves with around advice into {@code <name>_aroundBody<n>}. */
    private static final Pattern AROUND_BODY = Pattern.compile("_aroundBody\\d+");

    @Around("execution(@io.idempo.Idempotent * *(..))")
    public Object aroundIdempotent(ProceedingJoinPoint joinPoint) throws Throwable {
        Method method = ((MethodSignature) joinPoint.getSignature()).getMethod();
        Object target = joinPoint.getTarget();
        Class<?> targetClass = target == null ? method.getDeclaringClass() : target.getClass();
        return Idempotency.engine().execute(MethodInvocations.of(method, targetClass, joinPoint.getArgs(),
                joinPoint::proceed));
    }

    /**
     * Whether this aspect was woven into {@code method}: another door (a CDI interceptor) must then leave it alone,
     * or the call would meet its own claim.
     */
    public static boolean isWovenInto(Method method) {
        String prefix = method.getName();
        return Arrays.stream(method.getDeclaringClass().getDeclaredMethods()).anyMatch(candidate ->
                candidate.getName().startsWith(prefix)
                        && AROUND_BODY.matcher(candidate.getName().substring(prefix.length())).matches());
    }
}
