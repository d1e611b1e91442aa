package io.idempo.processor;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/**
 * Finds the {@link ValueType} behind a type: the type itself or its nearest supertype annotated for one of the
 * {@link ValueFramework}s. The annotations are kept in class files, so a value type from a dependency's jar is
 * found as well as one compiled alongside.
 */
final class ValueTypes {

    private final TypeTools tools;

    ValueTypes(TypeTools tools) {
        this.tools = tools;
    }

    Optional<ValueType> of(TypeElement type) {
        Deque<TypeElement> next = new ArrayDeque<>(List.of(type));
        Set<TypeElement> seen = new HashSet<>();
        while (!next.isEmpty()) {
            TypeElement candidate = next.removeFirst();
            if (TypeTools.isPlatformType(candidate) || !seen.add(candidate)) {
                continue;
            }
            for (ValueFramework framework : ValueFramework.values()) {
                Optional<AnnotationMirror> annotation = framework.annotationOn(candidate);
                if (annotation.isPresent()) {
                    List<ExecutableElement> attributes = candidates(candidate).stream()
                            .filter(framework::isAttribute).toList();
                    return Optional.of(new ValueType(sourceName(annotation.get()), candidate,
                            framework.byName(attributes)));
                }
            }
            next.addAll(declaredElements(candidate.getSuperclass()));
            candidate.getInterfaces().forEach(supertype -> next.addAll(declaredElements(supertype)));
        }
        return Optional.empty();
    }

    /**
     * The methods either framework may read as attributes, declared or inherited (overridden ones left out), as both
     * collect them: not {@code Object}'s, nor a redeclared {@code toString()} or {@code hashCode()}, which they
     * generate.
     */
    private List<ExecutableElement> candidates(TypeElement declaration) {
        return ElementFilter.methodsIn(tools.elements().getAllMembers(declaration)).stream()
                .filter(method -> !method.getModifiers().contains(Modifier.STATIC)
                        && method.getParameters().isEmpty() && method.getTypeParameters().isEmpty()
                        && method.getReturnType().getKind() != TypeKind.VOID
                        && !method.getSimpleName().contentEquals("toString")
                        && !method.getSimpleName().contentEquals("hashCode")
                        && !((TypeElement) method.getEnclosingElement()).getQualifiedName()
                                .contentEquals("java.lang.Object"))
                .toList();
    }

    private static List<TypeElement> declaredElements(TypeMirror type) {
        return type.getKind() == TypeKind.DECLARED ? List.of((TypeElement) ((DeclaredType) type).asElement())
                : List.of();
    }

    /** {@code @Value.Immutable}: the annotation's name inside its package, as a user writes it. */
    private String sourceName(AnnotationMirror annotation) {
        TypeElement type = (TypeElement) annotation.getAnnotationType().asElement();
        String packageName = tools.packageOf(type).getQualifiedName().toString();
        return "@" + type.getQualifiedName().toString().substring(packageName.length() + 1);
    }
}
