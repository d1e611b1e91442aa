package io.idempo.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Resolves a dotted path such as {@code request.customer.id} to a parameter and a chain of readable properties
 * (P008, P009; P022 while a type on the way is not generated yet, and P023 while Lombok may still change a class on
 * the way, since their properties are not known). Used by fingerprint paths and key template placeholders alike.
 */
final class PathResolver {

    /**
     * A resolved path.
     *
     * @param path      the path as written
     * @param parameter the parameter it starts from
     * @param index     that parameter's position
     * @param steps     the properties read after it, outermost first
     */
    record ResolvedPath(String path, VariableElement parameter, int index, List<Property> steps) {

        TypeMirror type() {
            return steps.isEmpty() ? parameter.asType() : steps.get(steps.size() - 1).type();
        }
    }

    record Result(Optional<ResolvedPath> path, List<Issue> issues) {
        static Result failed(Issue issue) {
            return new Result(Optional.empty(), List.of(issue));
        }
    }

    private final TypeTools tools;
    private final PropertyScanner properties;
    private final LombokTypes lombok;

    PathResolver(TypeTools tools, PropertyScanner properties, LombokTypes lombok) {
        this.tools = tools;
        this.properties = properties;
        this.lombok = lombok;
    }

    /** The {@code use} of fingerprint paths, the only ones that refuse {@code @FingerprintExclude} properties. */
    static final String FINGERPRINT = "fingerprint";

    /**
     * @param use        {@link #FINGERPRINT} or "key template", for messages; a key template may read a property
     *                   that is excluded from the fingerprint
     * @param position   the annotation value to point at
     * @param reserved   parameters a path may not start from, with the reason
     */
    Result resolve(IdempotentMethod method, AnnotationValue position, String use, String path,
                   Map<VariableElement, String> reserved) {
        String[] segments = path.split("\\.", -1);
        String parameterName = segments[0];
        Optional<? extends VariableElement> parameter = method.parameters().stream()
                .filter(candidate -> candidate.getSimpleName().contentEquals(parameterName)).findFirst();
        if (parameter.isEmpty()) {
            String names = method.parameters().stream().map(p -> p.getSimpleName().toString())
                    .collect(Collectors.joining(", "));
            return Result.failed(Issue.on(method.element(), method.annotation(), position, Message.UNKNOWN_PARAMETER,
                    use, path, parameterName, names.isEmpty() ? "but the method has no parameters"
                            : "which does not exist; the parameters are: " + names));
        }
        if (reserved.containsKey(parameter.get())) {
            return Result.failed(Issue.on(method.element(), method.annotation(), position, Message.UNKNOWN_PARAMETER,
                    use, path, parameterName, reserved.get(parameter.get())));
        }
        PackageElement from = tools.packageOf(method.declaringType());
        List<Property> steps = new ArrayList<>();
        TypeMirror current = parameter.get().asType();
        for (int i = 1; i <= segments.length; i++) {
            Optional<TypeMirror> missing = tools.missingType(current);
            if (missing.isPresent()) {
                return Result.failed(Issue.on(method.element(), method.annotation(), position,
                        Message.TYPE_NOT_GENERATED, "type " + missing.get() + " in " + use + " path '" + path + "'"));
            }
            if (i == segments.length) {
                break;
            }
            Optional<LombokTypes.Pending> pending = lombok.pending(current);
            if (pending.isPresent()) {
                return Result.failed(Issue.on(method.element(), method.annotation(), position,
                        Message.AWAITING_LOMBOK, "class " + pending.get().type().getQualifiedName() + " in " + use
                                + " path '" + path + "'", pending.get().annotations()));
            }
            String segment = segments[i];
            Optional<Property> property = SourceVersion.isIdentifier(segment) ? find(current, segment, from)
                    : Optional.empty();
            if (property.isEmpty()) {
                return Result.failed(Issue.on(method.element(), method.annotation(), position,
                        Message.UNREADABLE_PROPERTY, use, path, current, segment,
                        properties.readableKinds(current, from)));
            }
            if (property.get().excluded() && use.equals(FINGERPRINT)) {
                return Result.failed(Issue.on(method.element(), method.annotation(), position,
                        Message.EXCLUDED_PROPERTY, path, segment, current));
            }
            steps.add(property.get());
            current = property.get().type();
        }
        return new Result(Optional.of(new ResolvedPath(path, parameter.get(), method.indexOf(parameter.get()),
                List.copyOf(steps))), List.of());
    }

    private Optional<Property> find(TypeMirror type, String name, PackageElement from) {
        if (type.getKind() != TypeKind.DECLARED || ScalarKind.of(type).isPresent()) {
            return Optional.empty();
        }
        return properties.properties((DeclaredType) type, from).stream()
                .filter(property -> property.name().equals(name)).findFirst();
    }
}
