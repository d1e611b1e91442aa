package io.idempo.runtime.step;

import io.idempo.ExternalStep;
import io.idempo.runtime.Invocation;
import io.idempo.runtime.internal.ReturnTypes;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.Type;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs a call of an {@code @ExternalStep} method through {@link ExternalSteps#run}, for the doors that intercept
 * methods: the woven aspect and the Jakarta adapter's CDI interceptor. The annotation is read once per method: its
 * {@link StepDefinition}, the {@link ExternalStep.Owner} parameter and the resolver method; the result type once per
 * method and target class. The processor has checked all of it (P024 to P032); what it could not see (a class
 * compiled without it) fails here with the same codes.
 */
public final class StepMethods {

    /** What the annotation says about one method, independent of the target. */
    private record AnnotatedStep(ExternalStep annotation, int ownerParameter, Method resolver) {
    }

    private static final Map<Method, AnnotatedStep> STEPS = new ConcurrentHashMap<>();
    /** By method, then by target class: generic result types resolve against the target. */
    private static final Map<Method, Map<Class<?>, StepDefinition<Object>>> DEFINITIONS = new ConcurrentHashMap<>();

    private StepMethods() {
    }

    /**
     * Runs the method's body ({@code body}) as the step of the owner its {@link ExternalStep.Owner} argument names;
     * the body reads the derived key with {@link ExternalSteps#currentKey()}.
     *
     * @param target      the object the method runs on, or null for a static method
     * @param targetClass its class (a CDI proxy subclass is fine), or the declaring class for a static method
     * @return the body's result, now or as stored
     * @throws Throwable what {@link ExternalSteps#run} throws, the body's permanent failures included
     */
    public static Object run(ExternalSteps steps, Method method, Object target, Class<?> targetClass,
                             Object[] arguments, Invocation.Body body) throws Throwable {
        AnnotatedStep annotated = STEPS.computeIfAbsent(method, StepMethods::read);
        StepDefinition<Object> definition = DEFINITIONS.computeIfAbsent(method, m -> new ConcurrentHashMap<>())
                .computeIfAbsent(targetClass, type -> define(annotated, ReturnTypes.resolve(method, type)));
        if (annotated.resolver() != null) {
            definition = definition.providerIgnoresKeys(derivedKey -> resolve(annotated.resolver(), target,
                    derivedKey));
        }
        StepOwner owner = owner(method, arguments[annotated.ownerParameter()]);
        return steps.run(definition, owner, derivedKey -> proceed(body));
    }

    private static AnnotatedStep read(Method method) {
        ExternalStep annotation = method.getAnnotation(ExternalStep.class);
        if (annotation == null) {
            throw new IllegalArgumentException(method + " is not annotated @ExternalStep");
        }
        int owner = -1;
        Parameter[] parameters = method.getParameters();
        for (int i = 0; i < parameters.length; i++) {
            if (parameters[i].isAnnotationPresent(ExternalStep.Owner.class)) {
                if (owner >= 0) {
                    throw new IllegalStateException("[IDEM-P030] " + method + " has two @ExternalStep.Owner"
                            + " parameters; mark exactly one");
                }
                owner = i;
            }
        }
        if (owner < 0) {
            throw new IllegalStateException("[IDEM-P030] " + method + " has no @ExternalStep.Owner parameter: mark"
                    + " the parameter that names whose step it is (an event id or a StepOwner)");
        }
        return new AnnotatedStep(annotation, owner, resolverOf(method, annotation));
    }

    private static Method resolverOf(Method method, ExternalStep annotation) {
        if (annotation.resolver().isEmpty()) {
            return null;
        }
        try {
            Method resolver = method.getDeclaringClass().getDeclaredMethod(annotation.resolver(), String.class);
            if (!StepResolution.class.isAssignableFrom(resolver.getReturnType())
                    || Modifier.isStatic(method.getModifiers()) && !Modifier.isStatic(resolver.getModifiers())) {
                throw new IllegalStateException("[IDEM-P032] resolver " + resolver + " of " + method + " must return"
                        + " StepResolution" + (Modifier.isStatic(method.getModifiers()) ? " and be static" : ""));
            }
            resolver.trySetAccessible();
            return resolver;
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("[IDEM-P032] " + method + " names resolver \"" + annotation.resolver()
                    + "\", but " + method.getDeclaringClass().getName() + " declares no such method taking a String",
                    e);
        }
    }

    @SuppressWarnings("unchecked")
    private static StepDefinition<Object> define(AnnotatedStep annotated, Type resultType) {
        ExternalStep annotation = annotated.annotation();
        StepDefinition<Object> definition = annotation.noResult()
                ? (StepDefinition<Object>) (StepDefinition<?>) StepDefinition.withoutResult(annotation.name())
                : StepDefinition.of(annotation.name(), resultType);
        definition = definition.annotated(annotation.maxAttempts() == 0 ? null : annotation.maxAttempts(),
                duration(annotation.backoff()), duration(annotation.maxBackoff()), duration(annotation.lease()),
                duration(annotation.retryWindow()));
        if (annotation.permanentFailures().length > 0) {
            definition = definition.permanentFailures(annotation.permanentFailures());
        }
        if (!annotation.providerHonoursKeys() && annotated.resolver() == null) {
            definition = definition.providerIgnoresKeys();
        }
        return definition;
    }

    private static Duration duration(String text) {
        return text.isEmpty() ? null : StepPolicy.positive("a duration", Duration.parse(text));
    }

    private static StepOwner owner(Method method, Object argument) {
        if (argument instanceof StepOwner owner) {
            return owner;
        }
        if (argument instanceof String || argument instanceof UUID) {
            return StepOwner.event(argument.toString());
        }
        throw new IllegalArgumentException(argument == null
                ? "The @ExternalStep.Owner argument of " + method + " is null: every step needs its owner"
                : "[IDEM-P030] The @ExternalStep.Owner argument of " + method + " is a "
                        + argument.getClass().getName() + "; use a String or UUID event id, or a StepOwner");
    }

    @SuppressWarnings("unchecked")
    private static StepResolution<Object> resolve(Method resolver, Object target, String derivedKey)
            throws Exception {
        try {
            return (StepResolution<Object>) resolver.invoke(Modifier.isStatic(resolver.getModifiers()) ? null
                    : target, derivedKey);
        } catch (InvocationTargetException e) {
            throw StepRun.rethrowable(e.getCause());
        }
    }

    private static Object proceed(Invocation.Body body) throws Exception {
        try {
            return body.proceed();
        } catch (Throwable thrown) {
            throw StepRun.rethrowable(thrown);
        }
    }
}
