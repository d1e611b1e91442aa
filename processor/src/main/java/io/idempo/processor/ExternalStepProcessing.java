package io.idempo.processor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/**
 * Checks every {@code @ExternalStep} method ({@link StepCheck}s, one rule each) and every
 * {@code @ExternalStep.Owner} parameter. Nothing is generated: the runtime reads the annotation once per method.
 *
 * <p>As for {@code @Idempotent} methods, a type whose step methods use a type that another processor has not generated
 * yet is deferred to the next round, by name, so that no check reads an error type; still missing after the last
 * round, it is left to javac, which reports the missing symbol itself.
 */
final class ExternalStepProcessing {

    private final TypeTools tools;
    private final Reporter reporter;
    private final List<StepCheck> checks;
    private final OrphanStepOwnerCheck orphans = new OrphanStepOwnerCheck();
    /** Qualified names of the types whose step methods wait for a type that is not generated yet. */
    private final Set<String> deferredTypes = new LinkedHashSet<>();

    ExternalStepProcessing(TypeTools tools, Reporter reporter) {
        this.tools = tools;
        this.reporter = reporter;
        this.checks = List.of(new StepBodyCheck(), new StepResultCheck(), new StepNameCheck(),
                new PermanentFailureCheck(tools), new StepPolicyCheck(), new StepOwnerCheck(tools),
                new StepWithIdempotentCheck(), new ResolverCheck(tools), new StepTransactionCheck(),
                new DuplicateStepNameCheck());
    }

    void process(RoundEnvironment round) {
        tools.typeElement(ExternalStepMethod.OWNER).ifPresent(owner -> {
            for (Element parameter : round.getElementsAnnotatedWith(owner)) {
                try {
                    reporter.report(orphans.check(parameter));
                } catch (Throwable e) { // even a StackOverflowError: reported as P099
                    reporter.report(List.of(Issue.internalError(parameter, null, "parameter "
                            + parameter.getSimpleName() + " of " + parameter.getEnclosingElement(), e)));
                }
            }
        });
        for (TypeElement type : typesToProcess(round)) {
            processType(type, round.processingOver());
        }
    }

    /** The types deferred from earlier rounds, fetched again by name, then those of new step methods. */
    private List<TypeElement> typesToProcess(RoundEnvironment round) {
        Map<String, TypeElement> types = new LinkedHashMap<>();
        for (String name : deferredTypes) {
            tools.typeElement(name).ifPresent(type -> types.put(name, type));
        }
        deferredTypes.clear();
        tools.typeElement(ExternalStepMethod.EXTERNAL_STEP).ifPresent(step -> {
            for (ExecutableElement method : ElementFilter.methodsIn(round.getElementsAnnotatedWith(step))) {
                TypeElement owner = (TypeElement) method.getEnclosingElement();
                types.putIfAbsent(owner.getQualifiedName().toString(), owner);
            }
        });
        return List.copyOf(types.values());
    }

    private void processType(TypeElement type, boolean lastRound) {
        List<ExternalStepMethod> methods = new ArrayList<>();
        for (ExecutableElement element : ElementFilter.methodsIn(type.getEnclosedElements())) {
            Annotations.find(element, ExternalStepMethod.EXTERNAL_STEP)
                    .ifPresent(annotation -> methods.add(new ExternalStepMethod(element, annotation)));
        }
        if (methods.stream().anyMatch(this::waitsForAType)) {
            if (!lastRound) {
                deferredTypes.add(type.getQualifiedName().toString());
            }
            return;
        }
        for (ExternalStepMethod method : methods) {
            try {
                List<Issue> issues = new ArrayList<>();
                for (StepCheck check : checks) {
                    issues.addAll(check.check(method));
                }
                reporter.report(issues);
            } catch (Throwable e) { // even a StackOverflowError: reported as P099
                reporter.report(List.of(Issue.internalError(method.element(), method.annotation(),
                        method.describe(), e)));
            }
        }
    }

    /** Whether the method's signature or its permanent failures name a type that does not exist (yet). */
    private boolean waitsForAType(ExternalStepMethod method) {
        List<TypeMirror> types = new ArrayList<>();
        types.add(method.returnType());
        for (VariableElement parameter : method.parameters()) {
            types.add(parameter.asType());
        }
        for (AnnotationValue value : method.arrayAttribute("permanentFailures")) {
            if (!(value.getValue() instanceof TypeMirror type)) {
                return true; // javac models a class literal it cannot resolve as the text "<error>"
            }
            types.add(type);
        }
        return types.stream().map(tools::missingType).anyMatch(Optional::isPresent);
    }
}
