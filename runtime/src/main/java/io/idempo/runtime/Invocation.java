package io.idempo.runtime;

import io.idempo.plan.MethodPlan;
import java.lang.reflect.Type;

/**
 * One call of an idempotent operation, as the aspect hands it to the engine. Code that does not weave builds
 * one itself, with a plan from a generated class or from {@code MethodPlan.builder}:
 *
 * <pre>{@code
 * Object order = engine.execute(new Invocation(plan, new Object[] {request}, Order.class, () -> place(request)));
 * }</pre>
 *
 * @param plan       the generated plan of the method
 * @param arguments  the call's arguments
 * @param resultType the method's return type as seen from the target class (generic types resolved)
 * @param body       runs the method itself
 */
public record Invocation(MethodPlan plan, Object[] arguments, Type resultType, Body body) {

    /** The method itself; may throw anything the method declares. */
    @FunctionalInterface
    public interface Body {
        Object proceed() throws Throwable;
    }
}
