package io.idempo.runtime;

import io.idempo.plan.MethodPlan;
import java.security.Principal;

/** Where a call's client key and scope come from, in the order the plan fixed at compile time. */
final class KeySources {

    private KeySources() {
    }

    /** The raw client key (validated by the caller), or null when there is none. */
    static String clientKey(MethodPlan plan, Object[] arguments) {
        if (plan.keyTemplate().isPresent()) {
            String rendered = plan.renderKey(arguments);
            if (rendered == null) {
                throw new IdempotencyKeyMissingException(plan.action(), "The key template "
                        + plan.keyTemplate().get() + " of action " + plan.action()
                        + " has a null value; every placeholder must be set");
            }
            return rendered;
        }
        if (plan.keyParameter() >= 0) {
            Object key = arguments[plan.keyParameter()];
            return key == null ? null : key.toString();
        }
        return IdempotencyContext.currentKey().orElse(null);
    }

    /** The scope: the {@code @IdempotencyScope} argument, else the request's principal, else empty. */
    static String scope(MethodPlan plan, Object[] arguments) {
        if (plan.scopeParameter() >= 0) {
            Object scope = arguments[plan.scopeParameter()];
            if (scope instanceof Principal principal) {
                return principal.getName();
            }
            return scope == null ? "" : scope.toString();
        }
        return IdempotencyContext.currentPrincipal().orElse("");
    }
}
