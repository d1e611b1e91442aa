package io.idempo.jakarta.internal;

import io.idempo.Idempotent;
import io.idempo.jakarta.InvalidConfigurationException;
import io.idempo.outbox.Outbox;
import io.idempo.plan.MethodPlans;
import io.idempo.runtime.aspect.IdempotentAspect;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.spi.AfterBeanDiscovery;
import jakarta.enterprise.inject.spi.AfterDeploymentValidation;
import jakarta.enterprise.inject.spi.AnnotatedMethod;
import jakarta.enterprise.inject.spi.DeploymentException;
import jakarta.enterprise.inject.spi.Extension;
import jakarta.enterprise.inject.spi.ProcessAnnotatedType;
import jakarta.enterprise.inject.spi.ProcessInjectionPoint;
import jakarta.enterprise.inject.spi.WithAnnotations;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Deployment-time validation, in the style of SmallRye Fault Tolerance: every {@code @Idempotent} method of a bean
 * is re-checked ({@link DeploymentChecks}) and must have its generated plan, and the configuration must be valid;
 * otherwise the deployment fails with messages that say what to fix. Methods the AspectJ aspect was not woven into
 * get the {@link IdempotencyIntercepted} binding, so that {@link IdempotencyInterceptor} runs them instead: a
 * Jakarta EE application needs no weaving, and a woven one is not intercepted twice. Also remembers every action,
 * for the status resource.
 */
public class IdempotencyExtension implements Extension {

    private final List<String> problems = new ArrayList<>();
    private final SortedSet<String> actions = new TreeSet<>();
    /** Where the application injects the {@link Outbox}, to fail its deployment while the outbox is off. */
    private final List<String> outboxInjections = new ArrayList<>();
    private volatile AdapterConfig config;

    <T> void checkIdempotentMethods(@Observes @WithAnnotations(Idempotent.class) ProcessAnnotatedType<T> type) {
        Set<Method> toIntercept = new HashSet<>();
        for (AnnotatedMethod<? super T> annotated : type.getAnnotatedType().getMethods()) {
            if (!annotated.isAnnotationPresent(Idempotent.class)) {
                continue;
            }
            Method method = annotated.getJavaMember();
            List<String> methodProblems = new ArrayList<>(DeploymentChecks.check(method));
            boolean woven = IdempotentAspect.isWovenInto(method);
            if (!woven) {
                methodProblems.addAll(DeploymentChecks.interceptable(method));
            }
            problems.addAll(methodProblems);
            if (methodProblems.isEmpty()) {
                actions.add(MethodPlans.forMethod(method).action());
                if (!woven) {
                    toIntercept.add(method);
                }
            }
        }
        if (!toIntercept.isEmpty()) {
            type.configureAnnotatedType()
                    .filterMethods(method -> toIntercept.contains(method.getJavaMember()))
                    .forEach(method -> method.add(IdempotencyIntercepted.Literal.INSTANCE));
        }
    }

    void noteOutboxInjection(@Observes ProcessInjectionPoint<?, Outbox> point) {
        Member member = point.getInjectionPoint().getMember();
        outboxInjections.add(member.getDeclaringClass().getName() + "." + member.getName());
    }

    void reportProblems(@Observes AfterBeanDiscovery discovery) {
        for (String problem : problems) {
            discovery.addDefinitionError(new DeploymentException(problem));
        }
    }

    void loadConfiguration(@Observes AfterDeploymentValidation validation) {
        try {
            config = AdapterConfig.load(ConfigSource.detect());
        } catch (InvalidConfigurationException e) {
            validation.addDeploymentProblem(e);
            return;
        }
        if (config.outbox().isEmpty()) {
            for (String where : outboxInjections) {
                validation.addDeploymentProblem(new DeploymentException("[IDEM-D002] " + where + " injects the"
                        + " Outbox, but it is off: set " + AdapterConfig.OUTBOX_ENABLED + "=true (and create its table"
                        + " from OutboxSchema, or set idempo.schema.create=true)"));
            }
        }
    }

    AdapterConfig config() {
        return config;
    }

    /** The actions of all {@code @Idempotent} bean methods, sorted. */
    SortedSet<String> actions() {
        return Collections.unmodifiableSortedSet(actions);
    }
}
