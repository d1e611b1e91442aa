package io.idempo.processor;

import java.util.List;
import java.util.Optional;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeParameterElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.type.WildcardType;

/**
 * P001, P003, P015: a duplicate replays the stored result, so there must be one (or an explicit "no result"),
 * and its type must be known at replay time. Type variables of the declaring class are fine: the runtime
 * resolves them against the target's class.
 */
final class ResultCheck implements MethodCheck {

    @Override
    public List<Issue> check(IdempotentMethod method) {
        return check(method, Message.VOID_WITHOUT_NO_RESULT, Message.NO_RESULT_WITH_VALUE,
                Message.UNREPLAYABLE_RESULT);
    }

    /**
     * The rule for any method whose result is stored and returned again (an {@code @ExternalStep} method's too), with
     * the messages of its annotation: {@code noResult} on a {@code void} method and only there, and a result type
     * without the method's own type variables.
     */
    static List<Issue> check(AnnotatedMethod method, Message voidWithoutNoResult, Message noResultWithValue,
                             Message unreplayable) {
        TypeMirror result = method.returnType();
        boolean noResult = method.booleanAttribute("noResult");
        if (result.getKind() == TypeKind.VOID) {
            return noResult ? List.of()
                    : List.of(Issue.on(method.element(), method.annotation(), null, voidWithoutNoResult));
        }
        if (noResult) {
            return List.of(Issue.on(method.element(), method.annotation(),
                    method.explicitValue("noResult").orElse(null), noResultWithValue, result));
        }
        return methodTypeVariable(result, method.element())
                .map(variable -> List.of(Issue.on(method.element(), method.annotation(), null, unreplayable, result,
                        variable)))
                .orElse(List.of());
    }

    private static Optional<TypeVariable> methodTypeVariable(TypeMirror type, Element method) {
        switch (type.getKind()) {
            case TYPEVAR -> {
                TypeVariable variable = (TypeVariable) type;
                Element owner = ((TypeParameterElement) variable.asElement()).getGenericElement();
                return owner.equals(method) ? Optional.of(variable) : Optional.empty();
            }
            case ARRAY -> {
                return methodTypeVariable(((ArrayType) type).getComponentType(), method);
            }
            case WILDCARD -> {
                WildcardType wildcard = (WildcardType) type;
                TypeMirror bound = wildcard.getExtendsBound() != null ? wildcard.getExtendsBound()
                        : wildcard.getSuperBound();
                return bound == null ? Optional.empty() : methodTypeVariable(bound, method);
            }
            case DECLARED -> {
                for (TypeMirror argument : ((DeclaredType) type).getTypeArguments()) {
                    Optional<TypeVariable> found = methodTypeVariable(argument, method);
                    if (found.isPresent()) {
                        return found;
                    }
                }
                return Optional.empty();
            }
            default -> {
                return Optional.empty();
            }
        }
    }
}
