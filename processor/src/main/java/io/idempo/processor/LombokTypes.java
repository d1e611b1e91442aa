package io.idempo.processor;

import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/**
 * The classes whose properties Lombok may still change in this round. Lombok is an annotation processor too: in the
 * round whose sources hold a class annotated {@code @Data}, {@code @Value} or {@code @Getter}, it adds the getters
 * (and makes a {@code @Value}'s fields private) while javac runs the processors, so before ours or after it, as they
 * stand on the processor path. Read before Lombok has run, such a class has no getters, and fields that will not stay
 * readable. So a method that reads the properties of a source class of this round that has Lombok annotations and a
 * field without an accessor is deferred to the next round, when Lombok has completed the class whatever the order;
 * Lombok itself starts that round (it always asks javac for another one to finish its own work).
 *
 * <p>Nothing of Lombok is loaded or called: its annotations are found by name, as in the source. A class still
 * waited for when annotation processing ends is reported as P023: Lombok did not run, or no round followed it.
 */
final class LombokTypes {

    /**
     * A class that Lombok may still change.
     *
     * @param type        the class: the one read, or a superclass whose properties it inherits
     * @param annotations the Lombok annotations on it and its fields, as written: {@code @Data}
     */
    record Pending(TypeElement type, String annotations) {
    }

    private static final String LOMBOK_PACKAGE = "lombok.";

    /** The qualified names of this round's top-level source types; javac's last round has none of its own. */
    private Set<String> roundSources = Set.of();
    private boolean over;

    /** Call at the start of every round. The last one keeps the sources of the round before it. */
    void startRound(RoundEnvironment round) {
        over = round.processingOver();
        if (!over) {
            roundSources = ElementFilter.typesIn(round.getRootElements()).stream()
                    .map(type -> type.getQualifiedName().toString()).collect(Collectors.toSet());
        }
    }

    /**
     * The class of {@code type}, or the first of its superclasses, that Lombok may not have completed yet: a class
     * (not a record) whose source is new in this round, with Lombok annotations on it or its fields, and a field that
     * has no method named as its getter ({@code getSku}, {@code isPaid} or the fluent {@code sku}). After the last
     * round, every such class of the round before, whatever its methods: its plan can no longer be generated.
     */
    Optional<Pending> pending(TypeMirror type) {
        for (TypeMirror current = type; current.getKind() == TypeKind.DECLARED;
             current = ((TypeElement) ((DeclaredType) current).asElement()).getSuperclass()) {
            TypeElement element = (TypeElement) ((DeclaredType) current).asElement();
            String source = TypeTools.outermost(element).getQualifiedName().toString();
            if (element.getKind() != ElementKind.CLASS || !roundSources.contains(source)) {
                continue;
            }
            Set<String> annotations = lombokAnnotations(element);
            if (!annotations.isEmpty() && (over || hasFieldWithoutAccessor(element))) {
                return Optional.of(new Pending(element, String.join(", ", annotations)));
            }
        }
        return Optional.empty();
    }

    private static Set<String> lombokAnnotations(TypeElement type) {
        Set<String> found = new LinkedHashSet<>();
        addLombokAnnotations(type, found);
        ElementFilter.fieldsIn(type.getEnclosedElements()).forEach(field -> addLombokAnnotations(field, found));
        return found;
    }

    private static void addLombokAnnotations(Element element, Set<String> found) {
        for (AnnotationMirror annotation : element.getAnnotationMirrors()) {
            String name = ((TypeElement) annotation.getAnnotationType().asElement()).getQualifiedName().toString();
            if (name.startsWith(LOMBOK_PACKAGE)) {
                found.add("@" + Annotations.simpleName(name));
            }
        }
    }

    /** Among the instance fields, as Lombok counts them: it gives no getter to a field whose name starts with $. */
    private static boolean hasFieldWithoutAccessor(TypeElement type) {
        Set<String> methods = ElementFilter.methodsIn(type.getEnclosedElements()).stream()
                .map(ExecutableElement::getSimpleName).map(Object::toString).collect(Collectors.toSet());
        for (VariableElement field : ElementFilter.fieldsIn(type.getEnclosedElements())) {
            String name = field.getSimpleName().toString();
            if (field.getModifiers().contains(Modifier.STATIC) || name.startsWith("$")) {
                continue;
            }
            String capitalized = Character.toUpperCase(name.charAt(0)) + name.substring(1);
            if (!methods.contains("get" + capitalized) && !methods.contains("is" + capitalized)
                    && !methods.contains(name)) {
                return true;
            }
        }
        return false;
    }
}
