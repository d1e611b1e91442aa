package io.idempo.processor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.VariableElement;

/**
 * Builds a method's {@link FingerprintPlan} from {@code fingerprint} (or from every parameter that is neither key
 * nor scope), reporting P008, P009, P010, P011, P019, P020 and P021 on the entry they concern (and P022 while a
 * type it reaches is not generated yet).
 */
final class FingerprintPlanner {

    record Result(Optional<FingerprintPlan> plan, List<Issue> issues) {
    }

    private final PathResolver paths;
    private final EncodingResolver encodings;
    private final ParameterAccess parameterAccess;

    FingerprintPlanner(PathResolver paths, EncodingResolver encodings, ParameterAccess parameterAccess) {
        this.paths = paths;
        this.encodings = encodings;
        this.parameterAccess = parameterAccess;
    }

    Result plan(IdempotentMethod method) {
        List<Issue> issues = new ArrayList<>();
        Map<VariableElement, String> reserved = reservedParameters(method);
        Map<String, AnnotationValue> entries = entries(method, reserved, issues);
        List<FingerprintPlan.Field> fields = new ArrayList<>();
        boolean complete = true;
        for (Map.Entry<String, AnnotationValue> entry : entries.entrySet()) {
            PathResolver.Result resolved = paths.resolve(method, entry.getValue(), PathResolver.FINGERPRINT,
                    entry.getKey(), reserved);
            issues.addAll(resolved.issues());
            if (resolved.path().isEmpty()) {
                complete = false;
                continue;
            }
            PathResolver.ResolvedPath path = resolved.path().get();
            List<Issue> access = parameterAccess.check(method, entry.getValue(), path.parameter());
            if (!access.isEmpty()) {
                issues.addAll(access); // the encoding would report the same inaccessible type again
                complete = false;
                continue;
            }
            EncodingResolver.Result encoding = encodings.resolve(method, entry.getValue(), path.path(), path.type());
            issues.addAll(encoding.issues());
            if (encoding.encoding().isEmpty()) {
                complete = false;
                continue;
            }
            fields.add(new FingerprintPlan.Field(path, encoding.encoding().get()));
        }
        return new Result(complete ? Optional.of(new FingerprintPlan(List.copyOf(fields))) : Optional.empty(),
                issues);
    }

    private static Map<VariableElement, String> reservedParameters(IdempotentMethod method) {
        Map<VariableElement, String> reserved = new LinkedHashMap<>();
        for (VariableElement key : method.parametersAnnotated(IdempotentMethod.KEY)) {
            reserved.put(key, "the @IdempotencyKey parameter, which is never part of the fingerprint");
        }
        for (VariableElement scope : method.parametersAnnotated(IdempotentMethod.SCOPE)) {
            reserved.put(scope, "the @IdempotencyScope parameter, which is never part of the fingerprint");
        }
        return reserved;
    }

    /** Path to its position: the explicit entries (minus overlaps, reported as P019) or every free parameter. */
    private static Map<String, AnnotationValue> entries(IdempotentMethod method, Map<VariableElement, String> reserved,
                                                        List<Issue> issues) {
        Map<String, AnnotationValue> entries = new LinkedHashMap<>();
        List<AnnotationValue> explicit = method.arrayAttribute("fingerprint");
        if (explicit.isEmpty()) {
            for (VariableElement parameter : method.parameters()) {
                if (!reserved.containsKey(parameter)) {
                    entries.put(parameter.getSimpleName().toString(), null);
                }
            }
            return entries;
        }
        for (AnnotationValue value : explicit) {
            String path = (String) value.getValue();
            Optional<Issue> overlap = entries.keySet().stream()
                    .map(earlier -> overlap(method, value, path, earlier))
                    .flatMap(Optional::stream).findFirst();
            if (overlap.isPresent()) {
                issues.add(overlap.get());
            } else {
                entries.put(path, value);
            }
        }
        return entries;
    }

    private static Optional<Issue> overlap(IdempotentMethod method, AnnotationValue value, String path,
                                           String earlier) {
        String relation = path.equals(earlier) ? "repeats"
                : path.startsWith(earlier + ".") ? "is already covered by"
                : earlier.startsWith(path + ".") ? "covers the earlier path"
                : null;
        return relation == null ? Optional.empty() : Optional.of(Issue.on(method.element(), method.annotation(),
                value, Message.OVERLAPPING_PATHS, path, relation, earlier));
    }
}
