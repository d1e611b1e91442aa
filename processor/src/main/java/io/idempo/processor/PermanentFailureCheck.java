package io.idempo.processor;

import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;

/**
 * P027, P028 on {@code permanentFailures}: a later run rebuilds each one from its stored message, as an idempotent
 * call's stored exceptions are ({@link StoredExceptionCheck}), and a checked one must be one the method can throw.
 */
final class PermanentFailureCheck implements StepCheck {

    private final TypeTools tools;

    PermanentFailureCheck(TypeTools tools) {
        this.tools = tools;
    }

    @Override
    public List<Issue> check(ExternalStepMethod method) {
        List<Issue> issues = new ArrayList<>();
        for (AnnotationValue value : method.arrayAttribute("permanentFailures")) {
            if (!(value.getValue() instanceof DeclaredType type)) {
                continue; // a class literal javac cannot resolve: javac reports it
            }
            TypeElement exception = (TypeElement) type.asElement();
            if (StoredExceptionCheck.isChecked(tools, type)
                    && !StoredExceptionCheck.declaredBy(tools, method.element(), type)) {
                issues.add(Issue.on(method.element(), method.annotation(), value,
                        Message.PERMANENT_FAILURE_NOT_THROWN, exception.getQualifiedName()));
            }
            StoredExceptionCheck.rebuildProblem(tools, exception).ifPresent(problem -> issues.add(Issue.on(
                    method.element(), method.annotation(), value, Message.PERMANENT_FAILURE_NOT_REBUILDABLE,
                    exception.getQualifiedName(), problem)));
        }
        return issues;
    }
}
