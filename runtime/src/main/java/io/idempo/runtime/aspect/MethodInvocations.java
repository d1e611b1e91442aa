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

    private static final Map<Method, MethodPlan> PLANS = new ConcurrentHashMap<>();
    /**
     * By method, then by target class. Not keyed by a record: on Java 17 the first call of a record's
     * {@code equals} leaves its class in a JDK-wide method-handle cache, which pins an undeployed application.
     */
    private static final Map<Method, Map<Class<?>, Type>> RESULT_TYPES = new ConcurrentHashMap<>();

    private MethodInvocations() {
    }

    /**
     * @param targetClass the class of the object the method runs on (a CDI proxy subclass is fine), or the
     *                    declaring class for a static method; generic return types are resolved against it
     */
    public static Invocation of(Method method, Class<?> targetClass, Object[] arguments, Invocation.Body body) {
        MethodPlan plan = PLANS.computeIfAbsent(method, MethodPlans::forMethod);
        Type resultType = RESULT_TYPES.computeIfAbsent(method, m -> new ConcurrentHashMap<>())
                .computeIfAbsent(targetClass, target -> ReturnTypes.resolve(method, target));
        return new Invocation(plan, arguments, resultType, body);
    }
}
