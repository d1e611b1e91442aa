package io.idempo.runtime.aspect;

import io.idempo.plan.MethodPlan;
import io.idempo.plan.MethodPlans;
import io.idempo.runtime.Invocation;
import io.idempo.runtime.internal.ReturnTypes;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Builds the engine's {@link Invocation} for a call of an {@code @Idempotent} method, for the two doors that
 * intercept methods: the woven aspect and the Jakarta adapter's CDI interceptor. The generated plan and the resolved
 * return type are looked up once per method (and target class).
 */
public final class MethodInvocations {

    private record Resolution(Method method, Class<?> targetClass) {
    }

    private static final Map<Method, MethodPlan> PLANS = new ConcurrentHashMap<>();
    private static final Map<Resolution, Type> RESULT_TYPES = new ConcurrentHashMap<>();

    private MethodInvocations() {
    }

    /**
     * @param targetClass the class of the object the method runs on (a CDI proxy subclass is fine), or the
     *                    declaring class for a static method; generic return types are resolved against it
     */
    public static Invocation of(Method method, Class<?> targetClass, Object[] arguments, Invocation.Body body) {
        MethodPlan plan = PLANS.computeIfAbsent(method, MethodPlans::forMethod);
        Type resultType = RESULT_TYPES.computeIfAbsent(new Resolution(method, targetClass),
                resolution -> ReturnTypes.resolve(resolution.method(), resolution.targetClass()));
        return new Invocation(plan, arguments, resultType, body);
    }
}
