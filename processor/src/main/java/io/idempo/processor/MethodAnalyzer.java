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
 * return a {@link MethodModel} or the issues that prevent one.
 */
final class MethodAnalyzer {

    record Result(Optional<MethodModel> model, List<Issue> issues) {
    }

    private final TypeTools tools;
    private final List<MethodCheck> checks;
    private final KeyTemplatePlanner keyTemplates;
    private final FingerprintPlanner fingerprints;

    MethodAnalyzer(TypeTools tools) {
        this.tools = tools;
        this.checks = List.of(new ConcreteMethodCheck(tools), new ResultCheck(), new KeySourceCheck(tools),
                new DurationCheck(), new ActionNameCheck(), new StoredExceptionCheck(tools));
        PropertyScanner properties = new PropertyScanner(tools);
        PathResolver paths = new PathResolver(tools, properties);
        ParameterAccess parameterAccess = new ParameterAccess(tools);
        this.keyTemplates = new KeyTemplatePlanner(paths, parameterAccess);
        this.fingerprints = new FingerprintPlanner(paths, new EncodingResolver(tools, properties), parameterAccess);
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
            joiner.add(tools.runtimeTypeName(parameter.asType()));
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
