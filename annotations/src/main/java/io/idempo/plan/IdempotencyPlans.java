package io.idempo.plan;

import java.util.List;

/**
 * The plans of all {@link io.idempo.Idempotent} methods of one type. The processor generates one implementation
 * per type, named {@code <SimpleName>_Idempotency} in the type's package (nested types join their simple names
 * with {@code _}: {@code Outer_Inner_Idempotency}), with a public no-argument constructor.
 */
public interface IdempotencyPlans {

    /** The plan for the method with this signature, or {@code null} if the method is not idempotent. */
    MethodPlan plan(String signature);

    /** All plans of the type, in declaration order. */
    List<MethodPlan> plans();
}
