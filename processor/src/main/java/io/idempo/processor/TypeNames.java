package io.idempo.processor;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.Types;

/**
 * The processor's own type printer: names of types for generated source and for plan signatures, built from the
 * elements' names, never from {@code TypeMirror.toString()}, which keeps type-use annotations
 * ({@code @jakarta.validation.Valid test.Order}) that are not legal in a cast, a declaration or a signature key.
 */
final class TypeNames {

    private final TypeTools tools;

    TypeNames(TypeTools tools) {
        this.tools = tools;
    }

    /**
     * The name a runtime {@code Class#getTypeName()} gives the erasure of this type, as
     * {@code io.idempo.plan.MethodPlans#signatureOf} writes it: binary names for nested types
     * ({@code a.Outer$Inner}), {@code []} for arrays, keywords for primitives; never an annotation.
     */
    String runtime(TypeMirror type) {
        TypeMirror erased = types().erasure(type);
        return switch (erased.getKind()) {
            case ARRAY -> runtime(((ArrayType) erased).getComponentType()) + "[]";
            case DECLARED -> tools.elements().getBinaryName((TypeElement) ((DeclaredType) erased).asElement())
                    .toString();
            default -> keyword(erased);
        };
    }

    /**
     * Source form for generated code, usable in a declaration and a cast: canonical names with their type arguments,
     * without annotations. A type argument that mentions a type variable, which the generated class cannot name, is
     * written as {@code ?}; a type variable itself as its erasure.
     */
    String source(TypeMirror type) {
        return print(type, root -> {
        });
    }

    /**
     * The first identifier of every qualified name in {@link #source}: {@code java} and {@code com} for
     * {@code java.util.List<com.shop.Order>}. A local variable of that name would obscure the package.
     */
    Set<String> roots(TypeMirror type) {
        Set<String> roots = new TreeSet<>();
        print(type, roots::add);
        return roots;
    }

    private String print(TypeMirror type, Consumer<String> roots) {
        return switch (type.getKind()) {
            case ARRAY -> print(((ArrayType) type).getComponentType(), roots) + "[]";
            case DECLARED -> declared((DeclaredType) type, roots);
            case TYPEVAR, INTERSECTION -> print(types().erasure(type), roots);
            default -> {
                if (!type.getKind().isPrimitive()) {
                    throw new IllegalArgumentException("no source name for " + type.getKind() + " type " + type);
                }
                yield keyword(type);
            }
        };
    }

    private String declared(DeclaredType type, Consumer<String> roots) {
        TypeElement element = (TypeElement) type.asElement();
        TypeMirror enclosing = type.getEnclosingType();
        String name;
        if (enclosing.getKind() == TypeKind.DECLARED && !((DeclaredType) enclosing).getTypeArguments().isEmpty()) {
            // an inner class of a parameterized class: Outer<String>.Inner, or its members would be raw
            name = declared((DeclaredType) enclosing, roots) + "." + element.getSimpleName();
        } else {
            name = element.getQualifiedName().toString();
            roots.accept(rootOf(element));
        }
        List<? extends TypeMirror> arguments = type.getTypeArguments();
        if (arguments.isEmpty()) {
            return name;
        }
        return arguments.stream().map(argument -> mentionsTypeVariable(argument) ? "?" : argument(argument, roots))
                .collect(Collectors.joining(", ", name + "<", ">"));
    }

    private String argument(TypeMirror argument, Consumer<String> roots) {
        if (argument.getKind() != TypeKind.WILDCARD) {
            return print(argument, roots);
        }
        WildcardType wildcard = (WildcardType) argument;
        if (wildcard.getExtendsBound() != null) {
            return "? extends " + print(wildcard.getExtendsBound(), roots);
        }
        if (wildcard.getSuperBound() != null) {
            return "? super " + print(wildcard.getSuperBound(), roots);
        }
        return "?";
    }

    private static boolean mentionsTypeVariable(TypeMirror type) {
        return switch (type.getKind()) {
            case TYPEVAR, INTERSECTION -> true;
            case ARRAY -> mentionsTypeVariable(((ArrayType) type).getComponentType());
            case WILDCARD -> {
                WildcardType wildcard = (WildcardType) type;
                yield wildcard.getExtendsBound() != null && mentionsTypeVariable(wildcard.getExtendsBound())
                        || wildcard.getSuperBound() != null && mentionsTypeVariable(wildcard.getSuperBound());
            }
            case DECLARED -> ((DeclaredType) type).getTypeArguments().stream().anyMatch(TypeNames::mentionsTypeVariable)
                    || mentionsTypeVariable(((DeclaredType) type).getEnclosingType());
            default -> false;
        };
    }

    /** The package's first identifier, or the top-level type's simple name in the unnamed package. */
    private String rootOf(TypeElement type) {
        String packageName = tools.packageOf(type).getQualifiedName().toString();
        if (!packageName.isEmpty()) {
            int dot = packageName.indexOf('.');
            return dot < 0 ? packageName : packageName.substring(0, dot);
        }
        return TypeTools.outermost(type).getSimpleName().toString();
    }

    /** {@code int}, never {@code @Positive int}. */
    private static String keyword(TypeMirror primitive) {
        return primitive.getKind().name().toLowerCase(Locale.ROOT);
    }

    private Types types() {
        return tools.types();
    }
}
