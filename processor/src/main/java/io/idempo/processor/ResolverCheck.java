package io.idempo.processor;

import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.PrimitiveType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/**
 * P032 on {@code resolver}: it is asked only when the provider does not honour keys, it names a method of the same
 * class that takes the derived key, and that method answers {@code StepResolution<R>} for the step's result type
 * {@code R} (boxed; {@code Void} without a result), statically when the step method is static.
 */
final class ResolverCheck implements StepCheck {

    private final TypeTools tools;

    ResolverCheck(TypeTools tools) {
        this.tools = tools;
    }

    @Override
    public List<Issue> check(ExternalStepMethod method) {
        Optional<AnnotationValue> value = method.explicitValue("resolver");
        String name = method.stringAttribute("resolver");
        if (value.isEmpty() || name.isEmpty()) {
            return List.of();
        }
        if (method.explicitValue("providerHonoursKeys").map(honours -> (Boolean) honours.getValue()).orElse(true)) {
            return List.of(issue(method, value.get(), Message.RESOLVER_NEVER_ASKED, name));
        }
        String expected = ExternalStepMethod.STEP_RESOLUTION + "<" + resultType(method) + ">";
        Optional<ExecutableElement> resolver = ElementFilter.methodsIn(method.declaringType().getEnclosedElements())
                .stream().filter(candidate -> candidate.getSimpleName().contentEquals(name)
                        && candidate.getParameters().size() == 1
                        && tools.isType(candidate.getParameters().get(0).asType(), "java.lang.String"))
                .findFirst();
        if (resolver.isEmpty()) {
            return List.of(issue(method, value.get(), Message.UNKNOWN_RESOLVER, name,
                    method.declaringType().getSimpleName(), resultType(method), name));
        }
        ExecutableElement found = resolver.get();
        if (!answersFor(found.getReturnType(), resultType(method))) {
            return List.of(issue(method, value.get(), Message.UNUSABLE_RESOLVER, found,
                    "must return " + expected + ", not " + found.getReturnType()));
        }
        if (method.element().getModifiers().contains(Modifier.STATIC)
                && !found.getModifiers().contains(Modifier.STATIC)) {
            return List.of(issue(method, value.get(), Message.UNUSABLE_RESOLVER, found,
                    "must be static, as the @ExternalStep method is: it has no instance to run on"));
        }
        return List.of();
    }

    /** {@code StepResolution<R>} for exactly the step's result type. */
    private boolean answersFor(TypeMirror returned, TypeMirror result) {
        return tools.isType(returned, ExternalStepMethod.STEP_RESOLUTION)
                && returned instanceof DeclaredType declared && declared.getTypeArguments().size() == 1
                && tools.types().isSameType(declared.getTypeArguments().get(0), result);
    }

    /** The step's result type as a resolution carries it: boxed, {@code Void} for none. */
    private TypeMirror resultType(ExternalStepMethod method) {
        TypeMirror result = method.returnType();
        if (result.getKind() == TypeKind.VOID || method.booleanAttribute("noResult")) {
            return tools.typeElement("java.lang.Void").orElseThrow().asType();
        }
        return result.getKind().isPrimitive() ? tools.types().boxedClass((PrimitiveType) result).asType() : result;
    }

    private static Issue issue(ExternalStepMethod method, AnnotationValue value, Message message,
                               Object... arguments) {
        return Issue.on(method.element(), method.annotation(), value, message, arguments);
    }
}
