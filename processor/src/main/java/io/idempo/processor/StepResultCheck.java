package io.idempo.processor;

import java.util.List;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * P023: a later run returns the stored result, so there must be one (or an explicit "no result"), and its type must
 * be known when it is decoded: the rules of an {@code @Idempotent} method's result ({@link ResultCheck}).
 */
final class StepResultCheck implements StepCheck {

    @Override
    public List<Issue> check(ExternalStepMethod method) {
        TypeMirror result = method.returnType();
        boolean noResult = method.booleanAttribute("noResult");
        if (result.getKind() == TypeKind.VOID) {
            return noResult ? List.of() : List.of(Issue.on(method.element(), method.annotation(), null,
                    Message.STEP_VOID_WITHOUT_NO_RESULT));
        }
        if (noResult) {
            return List.of(Issue.on(method.element(), method.annotation(),
                    method.explicitValue("noResult").orElse(null), Message.STEP_NO_RESULT_WITH_VALUE, result));
        }
        return ResultCheck.methodTypeVariable(result, method.element())
                .map(variable -> List.of(Issue.on(method.element(), method.annotation(), null,
                        Message.STEP_UNREPLAYABLE_RESULT, result, variable)))
                .orElse(List.of());
    }
}
