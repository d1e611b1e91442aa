package io.idempo.jakarta.internal;

import io.idempo.IdempotencyKey;
import io.idempo.Idempotent;
import io.idempo.plan.MethodPlans;
import io.idempo.plan.Rules;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The safety net for builds where the processor did not run: at deployment, each {@code @Idempotent} method of a
 * bean is re-checked for the mistakes that would otherwise surface on the first request, with the processor's
 * codes, and must have its generated plan.
 */
final class DeploymentChecks {

    private DeploymentChecks() {
    }

    /** Problems of one method, each a complete sentence naming the method; empty when it is fine. */
    static List<String> check(Method method) {
        Idempotent idempotent = method.getAnnotation(Idempotent.class);
        List<String> problems = new ArrayList<>();
        String where = method.getDeclaringClass().getName() + "." + method.getName();
        if (Modifier.isAbstract(method.getModifiers())) {
            problems.add("[IDEM-P002] " + where + " is abstract: @Idempotent belongs on the implementing method");
        }
        boolean returnsVoid = method.getReturnType() == void.class;
        if (returnsVoid && !idempotent.noResult()) {
            problems.add("[IDEM-P001] " + where + " returns void: return the result, or set noResult = true");
        }
        if (!returnsVoid && idempotent.noResult()) {
            problems.add("[IDEM-P003] " + where + " returns a value but sets noResult = true");
        }
        long keyParameters = Arrays.stream(method.getParameterAnnotations())
                .filter(annotations -> Arrays.stream(annotations).anyMatch(IdempotencyKey.class::isInstance)).count();
        if (keyParameters > 1 || (keyParameters == 1 && !idempotent.key().isEmpty())) {
            problems.add("[IDEM-P004] " + where + " takes its key from more than one source");
        }
        Rules.durationViolation(idempotent.ttl()).ifPresent(problem -> problems.add("[IDEM-P012] " + where
                + ": ttl = \"" + idempotent.ttl() + "\" " + problem));
        Rules.durationViolation(idempotent.lease()).ifPresent(problem -> problems.add("[IDEM-P012] " + where
                + ": lease = \"" + idempotent.lease() + "\" " + problem));
        if (!idempotent.action().isEmpty()) {
            Rules.actionViolation(idempotent.action()).ifPresent(violation -> problems.add("[IDEM-P013] " + where
                    + ": action \"" + idempotent.action() + "\" " + violation));
        }
        if (problems.isEmpty()) {
            try {
                MethodPlans.forMethod(method);
            } catch (IllegalStateException e) {
                problems.add(e.getMessage());
            }
        }
        return problems;
    }

    /**
     * Problems that keep CDI from intercepting a method that is not woven: CDI runs interceptors only on calls it
     * can route through a subclass of the bean, so the method must be overridable. Empty when it can be intercepted.
     */
    static List<String> interceptable(Method method) {
        String where = method.getDeclaringClass().getName() + "." + method.getName();
        List<String> reasons = new ArrayList<>();
        int modifiers = method.getModifiers();
        if (Modifier.isPrivate(modifiers)) {
            reasons.add("private");
        }
        if (Modifier.isStatic(modifiers)) {
            reasons.add("static");
        }
        if (Modifier.isFinal(modifiers)) {
            reasons.add("final");
        }
        if (Modifier.isFinal(method.getDeclaringClass().getModifiers())) {
            reasons.add("in a final class");
        }
        if (reasons.isEmpty()) {
            return List.of();
        }
        return List.of("[IDEM-D001] " + where + " is " + String.join(", ", reasons) + ": without weaving, CDI can"
                + " intercept only methods it can override; make it a non-private, non-static, non-final method of a"
                + " non-final class, or weave the class with idempo-runtime's aspect (docs/jakarta.md)");
    }
}
