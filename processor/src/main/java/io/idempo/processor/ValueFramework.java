package io.idempo.processor;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;

/**
 * A framework that generates a value type's implementation from its accessors, and its own rules for which
 * accessors are attributes and how they are named. Its annotations are matched by qualified name: the processor
 * depends on neither library. Only the rules of the versions tested with ({@code DeferralTest},
 * {@code ValueTypePropertiesTest}) are followed.
 */
enum ValueFramework {

    /**
     * Immutables: {@code @Value.Immutable} or {@code @Value.Modifiable}. Attributes are the abstract accessors not
     * marked {@code @Value.NonAttribute}, and those with a body marked {@code @Value.Default} or
     * {@code @Value.Derived}; a {@code @Value.Lazy} one is left out, as Immutables leaves it out of
     * {@code equals}. Names follow the default style ({@code get = "get*"}); a {@code @Value.Style} is not read.
     */
    IMMUTABLES("org.immutables.value.Value.Immutable", "org.immutables.value.Value.Modifiable") {
        @Override
        boolean isAttribute(ExecutableElement accessor) {
            if (accessor.getModifiers().contains(Modifier.ABSTRACT)) {
                return !has(accessor, "org.immutables.value.Value.NonAttribute");
            }
            return has(accessor, "org.immutables.value.Value.Default")
                    || has(accessor, "org.immutables.value.Value.Derived");
        }

        /** {@code getSku()} is {@code sku}, {@code getURL()} is {@code uRL}; any other name is kept as declared. */
        @Override
        Map<String, ExecutableElement> byName(List<ExecutableElement> attributes) {
            Map<String, ExecutableElement> byName = new LinkedHashMap<>();
            for (ExecutableElement accessor : attributes) {
                String name = accessor.getSimpleName().toString();
                boolean prefixed = name.length() > 3 && name.startsWith("get") && isAsciiUpperCase(name.charAt(3));
                byName.putIfAbsent(prefixed ? Character.toLowerCase(name.charAt(3)) + name.substring(4) : name,
                        accessor);
            }
            return byName;
        }
    },

    /**
     * AutoValue: {@code @AutoValue}. Attributes are the abstract accessors, except a {@code toBuilder()} that
     * returns the {@code @AutoValue.Builder}. If every one of them is prefixed ({@code getX()}, or {@code isX()}
     * returning {@code boolean}), the names drop the prefix as JavaBeans do; otherwise they are kept as declared.
     */
    AUTO_VALUE("com.google.auto.value.AutoValue") {
        @Override
        boolean isAttribute(ExecutableElement accessor) {
            return accessor.getModifiers().contains(Modifier.ABSTRACT) && !returnsBuilder(accessor);
        }

        @Override
        Map<String, ExecutableElement> byName(List<ExecutableElement> attributes) {
            boolean allPrefixed = attributes.stream().allMatch(accessor -> prefixLength(accessor) > 0);
            Map<String, ExecutableElement> byName = new LinkedHashMap<>();
            for (ExecutableElement accessor : attributes) {
                String name = accessor.getSimpleName().toString();
                byName.putIfAbsent(allPrefixed ? PropertyScanner.decapitalize(name.substring(prefixLength(accessor)))
                        : name, accessor);
            }
            return byName;
        }

        /** As AutoValue counts them, {@code getaway()} is prefixed too (its property is {@code away}). */
        private int prefixLength(ExecutableElement accessor) {
            String name = accessor.getSimpleName().toString();
            if (name.length() > 3 && name.startsWith("get")) {
                return 3;
            }
            boolean returnsBoolean = accessor.getReturnType().getKind() == TypeKind.BOOLEAN;
            return returnsBoolean && name.length() > 2 && name.startsWith("is") ? 2 : 0;
        }

        private boolean returnsBuilder(ExecutableElement accessor) {
            return accessor.getReturnType() instanceof DeclaredType returned
                    && has(returned.asElement(), "com.google.auto.value.AutoValue.Builder");
        }
    };

    private final List<String> annotations;

    ValueFramework(String... annotations) {
        this.annotations = List.of(annotations);
    }

    /** This framework's annotation on {@code type}, if it has one. */
    Optional<AnnotationMirror> annotationOn(Element type) {
        return annotations.stream().flatMap(name -> Annotations.find(type, name).stream()).findFirst();
    }

    /**
     * Whether the framework reads this candidate (an instance method without parameters that returns a value and
     * is not {@code toString()} or {@code hashCode()}) as an attribute.
     */
    abstract boolean isAttribute(ExecutableElement accessor);

    /** The attributes by the names the framework gives them, in the order given. */
    abstract Map<String, ExecutableElement> byName(List<ExecutableElement> attributes);

    private static boolean has(Element element, String annotation) {
        return Annotations.find(element, annotation).isPresent();
    }

    private static boolean isAsciiUpperCase(char c) {
        return c >= 'A' && c <= 'Z';
    }
}
