package io.idempo.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;

/**
 * The per-method pipeline: run every {@link MethodCheck}, plan the key template and the fingerprint, and either
 * return a {@link MethodModel} or the issues that prevent one. Lives as long as the compilation, like the action
 * names that {@link DuplicateActionCheck} remembers across rounds.
 */
final class MethodAnalyzer {

    record Result(Optional<MethodModel> model, List<Issue> issues) {

        /**
         * The first P022 or P023 issue: the method reaches a type that another processor has not generated yet, or
         * a class that Lombok may still change, so its other issues may be wrong and it is analysed again in a later
         * round.
         */
        Optional<Issue> waiting() {
            return firstWaiting(issues);
        }

        private static Optional<Issue> firstWaiting(List<Issue> issues) {
            return issues.stream().filter(issue -> issue.message() == Message.TYPE_NOT_GENERATED
                    || issue.message() == Message.AWAITING_LOMBOK).findFirst();
        }
    }

    private final TypeNames typeNames;
    private final List<MethodCheck> checks;
    private final DuplicateActionCheck duplicateActions = new DuplicateActionCheck();
    private final KeyTemplatePlanner keyTemplates;
    private final FingerprintPlanner fingerprints;

    /**
     * @param lombok      the classes Lombok may still change in the current round
     * @param extraChecks run after the built-in checks; tests use them to provoke failures
     */
    MethodAnalyzer(TypeTools tools, LombokTypes lombok, List<MethodCheck> extraChecks) {
        this.typeNames = new TypeNames(tools);
        List<MethodCheck> all = new ArrayList<>(List.of(new MissingTypeCheck(tools), new ConcreteMethodCheck(tools),
                new ResultCheck(), new KeySourceCheck(tools), new DurationCheck(), new ActionNameCheck(),
                new StoredExceptionCheck(tools)));
        all.addAll(extraChecks);
        this.checks = List.copyOf(all);
        PropertyScanner properties = new PropertyScanner(tools);
        PathResolver paths = new PathResolver(tools, properties, lombok);
        ParameterAccess parameterAccess = new ParameterAccess(tools);
        this.keyTemplates = new KeyTemplatePlanner(paths, parameterAccess);
        this.fingerprints = new FingerprintPlanner(paths, new EncodingResolver(tools, properties, lombok),
                parameterAccess);
    }

    Result analyze(IdempotentMethod method) {
        List<Issue> issues = new ArrayList<>();
        for (MethodCheck check : checks) {
            issues.addAll(check.check(method));
        }
        KeyTemplatePlanner.Result template = keyTemplates.plan(method);
        issues.addAll(template.issues());
        FingerprintPlanner.Result fingerprint = fingerprints.plan(method);
        issues.addAll(fingerprint.issues());
        if (Result.firstWaiting(issues).isEmpty()) {
            // A parameter type that is not generated yet prints by its simple name, so until then the method's
            // name for P014 would not match the one it has in the round that plans it.
            issues.addAll(duplicateActions.check(method));
        }
        boolean failed = issues.stream().anyMatch(issue -> issue.message().severity() == Message.Severity.ERROR)
                || fingerprint.plan().isEmpty();
        if (failed) {
            return new Result(Optional.empty(), issues);
        }
        MethodModel model = new MethodModel(method, signature(method), template.template(),
                indexOfFirst(method, IdempotentMethod.KEY), indexOfFirst(method, IdempotentMethod.SCOPE),
                storedExceptions(method), fingerprint.plan().get());
        return new Result(Optional.of(model), issues);
    }

    private String signature(IdempotentMethod method) {
        StringJoiner joiner = new StringJoiner(",", method.name() + "(", ")");
        for (VariableElement parameter : method.parameters()) {
            joiner.add(typeNames.runtime(parameter.asType()));
        }
        return joiner.toString();
    }

    private static int indexOfFirst(IdempotentMethod method, String annotation) {
        List<VariableElement> annotated = method.parametersAnnotated(annotation);
        return annotated.isEmpty() ? -1 : method.indexOf(annotated.get(0));
    }

    private static List<TypeMirror> storedExceptions(IdempotentMethod method) {
        List<TypeMirror> types = new ArrayList<>();
        for (AnnotationValue value : method.arrayAttribute("storeExceptions")) {
            types.add((TypeMirror) value.getValue());
        }
        return types;
    }
}
