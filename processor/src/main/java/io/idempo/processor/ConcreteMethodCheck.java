package io.idempo.processor;

import java.util.List;
import java.util.Optional;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
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
        // javac never hands methods of local or anonymous classes to processors, so only private nesting is left.
        Optional<TypeElement> blocking = tools.inaccessiblePart(owner, tools.packageOf(owner));
        if (blocking.isPresent()) {
            String what = blocking.get().equals(owner) ? "a method of private class " + owner.getSimpleName()
                    : "a method of " + owner.getSimpleName() + ", inside private class "
                            + blocking.get().getSimpleName() + ",";
            return List.of(Issue.on(method.element(), method.annotation(), null, Message.INACCESSIBLE,
                    what, tools.packageOf(owner).getQualifiedName()));
        }
        return List.of();
    }
}
