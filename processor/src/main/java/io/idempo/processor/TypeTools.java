package io.idempo.processor;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/** Small questions about types that several checks ask, answered through javac's {@link Types}. */
final class TypeTools {

    private final Types types;
    private final Elements elements;

    TypeTools(Types types, Elements elements) {
        this.types = types;
        this.elements = elements;
    }

    Types types() {
        return types;
    }

    Elements elements() {
        return elements;
    }

    Optional<TypeElement> typeElement(String qualifiedName) {
        return Optional.ofNullable(elements.getTypeElement(qualifiedName));
    }

    /** Whether {@code type} is a subtype of the erasure of the named type. */
    boolean isSubtypeOf(TypeMirror type, String qualifiedName) {
        return typeElement(qualifiedName)
                .map(target -> types.isSubtype(types.erasure(type), types.erasure(target.asType())))
                .orElse(false);
    }

    /** Whether {@code type} is exactly the named declared type (ignoring type arguments). */
    boolean isType(TypeMirror type, String qualifiedName) {
        return type.getKind() == TypeKind.DECLARED
                && ((TypeElement) ((DeclaredType) type).asElement()).getQualifiedName().contentEquals(qualifiedName);
    }

    /** The supertype of {@code type} whose erasure is the named type, with its type arguments as seen from it. */
    Optional<DeclaredType> supertype(TypeMirror type, String qualifiedName) {
        if (isType(type, qualifiedName)) {
            return Optional.of((DeclaredType) type);
        }
        for (TypeMirror direct : types.directSupertypes(type)) {
            Optional<DeclaredType> found = supertype(direct, qualifiedName);
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    /**
     * A type the compilation does not have yet, in {@code type} itself, its type arguments, array components and
     * wildcard bounds, or the supertypes of a type outside the platform: javac models a name it cannot resolve as a
     * type of kind {@code ERROR}, which another annotation processor may still generate in a later round. Until
     * then the properties, supertypes and names that the checks read from it are not the final ones.
     */
    Optional<TypeMirror> missingType(TypeMirror type) {
        return missingType(type, new HashSet<>());
    }

    private Optional<TypeMirror> missingType(TypeMirror type, Set<Element> expanded) {
        List<TypeMirror> parts = new ArrayList<>();
        switch (type.getKind()) {
            case ERROR -> {
                return Optional.of(type);
            }
            case ARRAY -> parts.add(((ArrayType) type).getComponentType());
            case WILDCARD -> {
                WildcardType wildcard = (WildcardType) type;
                if (wildcard.getExtendsBound() != null) {
                    parts.add(wildcard.getExtendsBound());
                }
                if (wildcard.getSuperBound() != null) {
                    parts.add(wildcard.getSuperBound());
                }
            }
            case DECLARED -> {
                DeclaredType declared = (DeclaredType) type;
                parts.addAll(declared.getTypeArguments());
                TypeElement element = (TypeElement) declared.asElement();
                if (!isPlatformType(element) && expanded.add(element)) {
                    parts.addAll(types.directSupertypes(type));
                }
            }
            default -> {
                // primitives, void, type variables: nothing that could still be generated
            }
        }
        for (TypeMirror part : parts) {
            Optional<TypeMirror> missing = missingType(part, expanded);
            if (missing.isPresent()) {
                return missing;
            }
        }
        return Optional.empty();
    }

    /** A JDK or Jakarta type: complete in every round, and never read as properties. */
    static boolean isPlatformType(TypeElement type) {
        String name = type.getQualifiedName().toString();
        return name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jakarta.");
    }

    /** The top-level type that declares {@code type}, or {@code type} itself. */
    static TypeElement outermost(TypeElement type) {
        Element outermost = type;
        while (outermost.getEnclosingElement().getKind() != ElementKind.PACKAGE) {
            outermost = outermost.getEnclosingElement();
        }
        return (TypeElement) outermost;
    }

    PackageElement packageOf(Element element) {
        return elements.getPackageOf(element);
    }

    /** Whether generated code in {@code from} can name this type (and its type arguments). */
    Optional<TypeElement> firstInaccessibleType(TypeMirror type, PackageElement from) {
        if (type.getKind() == TypeKind.ARRAY) {
            return firstInaccessibleType(((ArrayType) type).getComponentType(), from);
        }
        if (type.getKind() != TypeKind.DECLARED) {
            return Optional.empty();
        }
        DeclaredType declared = (DeclaredType) type;
        Optional<TypeElement> blocking = inaccessiblePart((TypeElement) declared.asElement(), from);
        if (blocking.isPresent()) {
            return blocking;
        }
        for (TypeMirror argument : declared.getTypeArguments()) {
            Optional<TypeElement> inner = firstInaccessibleType(argument, from);
            if (inner.isPresent()) {
                return inner;
            }
        }
        return Optional.empty();
    }

    /**
     * The type that keeps {@code type} from being named in {@code from}: itself, or the enclosing type that is
     * private ({@code Box} for {@code Box.Line} when only {@code Box} is private); empty when it is accessible,
     * that is public all the way out, or not private and in the same package. Never local or anonymous.
     */
    Optional<TypeElement> inaccessiblePart(TypeElement type, PackageElement from) {
        if (type.getNestingKind() == NestingKind.LOCAL || type.getNestingKind() == NestingKind.ANONYMOUS) {
            return Optional.of(type);
        }
        boolean samePackage = packageOf(type).equals(from);
        for (Element current = type; current.getKind() != ElementKind.PACKAGE;
             current = current.getEnclosingElement()) {
            if (!isMemberAccessible(current, samePackage)) {
                return Optional.of((TypeElement) current);
            }
        }
        return Optional.empty();
    }

    /** A member (field, method, nested type) visible to a class in the same or another package. */
    boolean isMemberAccessible(Element member, boolean samePackage) {
        if (member.getModifiers().contains(Modifier.PRIVATE)) {
            return false;
        }
        return samePackage || member.getModifiers().contains(Modifier.PUBLIC);
    }
}
