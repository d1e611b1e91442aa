package io.idempo.processor;

import java.util.List;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.VariableElement;

/** P020 for parameters: generated code casts each argument it reads to the parameter's declared type. */
final class ParameterAccess {

    private final TypeTools tools;

    ParameterAccess(TypeTools tools) {
        this.tools = tools;
    }

    List<Issue> check(IdempotentMethod method, AnnotationValue position, VariableElement parameter) {
        PackageElement from = tools.packageOf(method.declaringType());
        return tools.firstInaccessibleType(parameter.asType(), from)
                .map(type -> List.of(Issue.on(method.element(), method.annotation(), position, Message.INACCESSIBLE,
                        "type " + type.getQualifiedName() + " of parameter '" + parameter.getSimpleName() + "'",
                        from.getQualifiedName())))
                .orElse(List.of());
    }
}
