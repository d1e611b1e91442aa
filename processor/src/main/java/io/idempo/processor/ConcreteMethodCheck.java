package io.idempo.processor;

import java.util.List;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;

/** P002: the aspect weaves method bodies, so an abstract or interface method is never intercepted. */
final class ConcreteMethodCheck implements MethodCheck {

    private final TypeTools tools;

    ConcreteMethodCheck(TypeTools tools) {
        this.tools = tools;
    }

    @Override
    public List<Issue> check(IdempotentMethod method) {
        TypeElement owner = method.declaringType();
        if (owner.getKind() == ElementKind.INTERFACE || owner.getKind() == ElementKind.ANNOTATION_TYPE) {
            return List.of(Issue.on(method.element(), method.annotation(), null, Message.NOT_CONCRETE,
                    "an interface method"));
        }
        if (method.element().getModifiers().contains(Modifier.ABSTRACT)) {
            return List.of(Issue.on(method.element(), method.annotation(), null, Message.NOT_CONCRETE,
                    "an abstract method"));
        }
        if (!tools.isAccessible(owner, tools.packageOf(owner))) {
            String what = owner.getNestingKind() == NestingKind.ANONYMOUS || owner.getNestingKind() == NestingKind.LOCAL
                    ? "a method of a local or anonymous class" : "a method of private class " + owner.getSimpleName();
            return List.of(Issue.on(method.element(), method.annotation(), null, Message.INACCESSIBLE,
                    what, tools.packageOf(owner).getQualifiedName()));
        }
        return List.of();
    }
}
