package io.idempo.plan;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.StringJoiner;

/**
 * Finds the generated plans by the naming convention of {@link IdempotencyPlans}. Reflection is used once per
 * type to load the generated class; fingerprints are then computed without any.
 */
public final class MethodPlans {

    /** Appended to the joined simple names of the declaring type. */
    public static final String GENERATED_SUFFIX = "_Idempotency";

    private MethodPlans() {
    }

    /** The binary name of the class generated for {@code type}. */
    public static String generatedClassName(Class<?> type) {
        StringBuilder simpleNames = new StringBuilder(type.getSimpleName());
        for (Class<?> outer = type.getEnclosingClass(); outer != null; outer = outer.getEnclosingClass()) {
            simpleNames.insert(0, outer.getSimpleName() + "_");
        }
        String packageName = type.getPackageName();
        return (packageName.isEmpty() ? "" : packageName + ".") + simpleNames + GENERATED_SUFFIX;
    }

    /** {@code name(erased.parameter.Type,...)}, the key of {@link IdempotencyPlans#plan(String)}. */
    public static String signatureOf(Method method) {
        StringJoiner parameters = new StringJoiner(",", method.getName() + "(", ")");
        for (Class<?> parameterType : method.getParameterTypes()) {
            parameters.add(parameterType.getTypeName());
        }
        return parameters.toString();
    }

    /** Loads the generated plans of {@code type} from its class loader. */
    public static IdempotencyPlans forType(Class<?> type) {
        String name = generatedClassName(type);
        try {
            Class<?> generated = Class.forName(name, true, type.getClassLoader());
            return (IdempotencyPlans) generated.getConstructor().newInstance();
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("No generated plans " + name + " for " + type.getName()
                    + ": put idempo-processor on the compiler's annotationProcessorPaths and rebuild", e);
        } catch (ReflectiveOperationException | ClassCastException e) {
            Throwable cause = e instanceof InvocationTargetException ite ? ite.getCause() : e;
            throw new IllegalStateException("Cannot load the generated plans " + name
                    + ": rebuild the module with the same idempo-processor version as the runtime", cause);
        }
    }

    /** The plan of an {@link io.idempo.Idempotent} method. */
    public static MethodPlan forMethod(Method method) {
        MethodPlan plan = forType(method.getDeclaringClass()).plan(signatureOf(method));
        if (plan == null) {
            throw new IllegalStateException("No generated plan for " + method
                    + ": the class was compiled without idempo-processor or before @Idempotent was added; rebuild it");
        }
        return plan;
    }
}
