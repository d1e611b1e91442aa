package io.idempo.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.PrimitiveType;
import javax.lang.model.type.TypeMirror;

/**
 * P004, P005: the key comes from one place (a template, one {@code @IdempotencyKey} parameter, or the ambient
 * request context), at most one parameter names the scope, and both have types the runtime can turn into text.
 */
final class KeySourceCheck implements MethodCheck {

    private static final Set<String> KEY_TYPES = Set.of(
            "java.lang.String", "java.lang.CharSequence", "java.util.UUID");
    private static final Set<String> SCOPE_TYPES = Set.of(
            "java.lang.String", "java.lang.CharSequence", "java.util.UUID", "java.lang.Long", "java.lang.Integer",
            "java.security.Principal");

    private final TypeTools tools;

    KeySourceCheck(TypeTools tools) {
        this.tools = tools;
    }

    @Override
    public List<Issue> check(IdempotentMethod method) {
        List<Issue> issues = new ArrayList<>();
        List<VariableElement> keys = method.parametersAnnotated(IdempotentMethod.KEY);
        boolean template = !method.stringAttribute("key").isEmpty();
        if (template && !keys.isEmpty()) {
            VariableElement parameter = keys.get(0);
            issues.add(onParameter(parameter, IdempotentMethod.KEY, Message.SECOND_SOURCE,
                    "@IdempotencyKey parameter '" + parameter.getSimpleName()
                            + "' and the key template \"" + method.stringAttribute("key") + "\" both give the key",
                    "key"));
        }
        for (VariableElement extra : keys.subList(Math.min(1, keys.size()), keys.size())) {
            issues.add(onParameter(extra, IdempotentMethod.KEY, Message.SECOND_SOURCE,
                    "parameter '" + extra.getSimpleName() + "' is a second @IdempotencyKey", "key"));
        }
        List<VariableElement> scopes = method.parametersAnnotated(IdempotentMethod.SCOPE);
        for (VariableElement extra : scopes.subList(Math.min(1, scopes.size()), scopes.size())) {
            issues.add(onParameter(extra, IdempotentMethod.SCOPE, Message.SECOND_SOURCE,
                    "parameter '" + extra.getSimpleName() + "' is a second @IdempotencyScope", "scope"));
        }
        for (VariableElement key : keys) {
            if (!hasType(key.asType(), KEY_TYPES)) {
                issues.add(onParameter(key, IdempotentMethod.KEY, Message.UNUSABLE_PARAMETER_TYPE,
                        "IdempotencyKey", key.getSimpleName(), key.asType(), "String, CharSequence or UUID"));
            }
        }
        for (VariableElement scope : scopes) {
            if (!hasType(scope.asType(), SCOPE_TYPES)) {
                issues.add(onParameter(scope, IdempotentMethod.SCOPE, Message.UNUSABLE_PARAMETER_TYPE,
                        "IdempotencyScope", scope.getSimpleName(), scope.asType(),
                        "String, CharSequence, UUID, long, int (or their boxes) or java.security.Principal"));
            }
        }
        return issues;
    }

    private boolean hasType(TypeMirror type, Set<String> allowed) {
        TypeMirror boxed = type.getKind().isPrimitive()
                ? tools.types().boxedClass((PrimitiveType) type).asType() : type;
        return allowed.stream().anyMatch(name -> tools.isType(boxed, name));
    }

    private static Issue onParameter(VariableElement parameter, String annotation, Message message,
                                     Object... arguments) {
        return Issue.on(parameter, Annotations.find(parameter, annotation).orElse(null), null, message, arguments);
    }
}
