package io.idempo.runtime.aspect;

import io.idempo.runtime.step.ExternalSteps;
import io.idempo.runtime.step.StepMethods;
import java.lang.reflect.Method;
import org.aspectj.lang.ProceedingJoinPoint;
import org.aspectj.lang.annotation.Around;
import org.aspectj.lang.annotation.Aspect;
import org.aspectj.lang.reflect.MethodSignature;

/**
 * Runs every {@code @ExternalStep} method execution as an external step ({@link StepMethods}), through the
 * installed {@link ExternalSteps}. An {@code execution} pointcut, like {@link IdempotentAspect}'s: it runs inside the
 * method body, so inside any transaction a container's interceptor began, which the step then refuses. Whether it
 * was woven into a method tells {@link IdempotentAspect#isWovenInto} (any around advice).
 *
 * <p>Compiled by ajc: a javac-compiled aspect has no {@code aspectOf()} and woven code fails at run time.
 */
@Aspect
public class ExternalStepAspect {

    @Around("execution(@io.idempo.ExternalStep * *(..))")
    public Object aroundExternalStep(ProceedingJoinPoint joinPoint) throws Throwable {
        Method method = ((MethodSignature) joinPoint.getSignature()).getMethod();
        Object target = joinPoint.getTarget();
        Class<?> targetClass = target == null ? method.getDeclaringClass() : target.getClass();
        return StepMethods.run(ExternalSteps.installed(), method, target, targetClass, joinPoint.getArgs(),
                joinPoint::proceed);
    }
}
