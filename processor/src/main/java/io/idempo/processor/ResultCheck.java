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
        TypeMirror result = method.returnType();
        boolean noResult = method.booleanAttribute("noResult");
        if (result.getKind() == TypeKind.VOID) {
            return noResult ? List.of()
                    : List.of(Issue.on(method.element(), method.annotation(), null, Message.VOID_WITHOUT_NO_RESULT));
        }
        if (noResult) {
            return List.of(Issue.on(method.element(), method.annotation(),
                    method.explicitValue("noResult").orElse(null), Message.NO_RESULT_WITH_VALUE, result));
        }
        return methodTypeVariable(result, method.element())
                .map(variable -> List.of(Issue.on(method.element(), method.annotation(), null,
                        Message.UNREPLAYABLE_RESULT, result, variable)))
                .orElse(List.of());
    }

    /** A type variable of {@code method} itself inside {@code type}: unknown when a stored result is decoded. */
    static Optional<TypeVariable> methodTypeVariable(TypeMirror type, Element method) {
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
