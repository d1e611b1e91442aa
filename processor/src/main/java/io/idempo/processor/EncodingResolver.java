package io.idempo.processor;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;

/**
 * Decides how each fingerprinted type is encoded, or why it cannot be (P010, P011, P020, P021; P022 while a type it
 * reaches is not generated yet, P023 while Lombok may still change a class it reads). Works for one method and one
 * fingerprint field at a time; issues point at that field's entry in {@code fingerprint}, or at the annotation when
 * the field is implicit.
 */
final class EncodingResolver {

    private final TypeTools tools;
    private final PropertyScanner properties;
    private final LombokTypes lombok;

    EncodingResolver(TypeTools tools, PropertyScanner properties, LombokTypes lombok) {
        this.tools = tools;
        this.properties = properties;
        this.lombok = lombok;
    }

    /** The issues and the encoding (absent when there were errors). */
    record Result(Optional<Encoding> encoding, List<Issue> issues) {
    }

    Result resolve(IdempotentMethod method, AnnotationValue position, String path, TypeMirror type) {
        Walk walk = new Walk(method, position, method.booleanAttribute("allowFloatingPoint"),
                tools.packageOf(method.declaringType()));
        Encoding encoding = walk.encode(path, type);
        boolean failed = walk.issues.stream().anyMatch(issue -> issue.message().severity() == Message.Severity.ERROR);
        return new Result(failed ? Optional.empty() : Optional.ofNullable(encoding), walk.issues);
    }

    private final class Walk {
        private final IdempotentMethod method;
        private final AnnotationValue position;
        private final boolean allowFloatingPoint;
        private final PackageElement generatedPackage;
        private final Deque<DeclaredType> composites = new ArrayDeque<>();
        private final List<Issue> issues = new ArrayList<>();

        Walk(IdempotentMethod method, AnnotationValue position, boolean allowFloatingPoint,
             PackageElement generatedPackage) {
            this.method = method;
            this.position = position;
            this.allowFloatingPoint = allowFloatingPoint;
            this.generatedPackage = generatedPackage;
        }

        /** Returns null after adding an issue. */
        Encoding encode(String path, TypeMirror type) {
            Optional<TypeMirror> missing = tools.missingType(type);
            if (missing.isPresent()) {
                return fail(Message.TYPE_NOT_GENERATED,
                        "type " + missing.get() + " in fingerprint field '" + path + "'");
            }
            Optional<ScalarKind> scalar = ScalarKind.of(type);
            if (scalar.isPresent()) {
                if (scalar.get() == ScalarKind.FLOATING && !allowFloatingPoint) {
                    return fail(Message.FLOATING_POINT, path, type);
                }
                return new Encoding.Scalar(scalar.get());
            }
            return switch (type.getKind()) {
                case ARRAY -> encodeArray(path, (ArrayType) type);
                case DECLARED -> encodeDeclared(path, (DeclaredType) type);
                case TYPEVAR -> fail(Message.NOT_ENCODABLE, path, type,
                        "a type variable can hold any type; fingerprint a concrete type");
                case WILDCARD -> fail(Message.NOT_ENCODABLE, path, type,
                        "a wildcard can hold any type; declare the element type exactly");
                default -> fail(Message.NOT_ENCODABLE, path, type, "no encoding is defined for this kind of type");
            };
        }

        private Encoding encodeArray(String path, ArrayType type) {
            if (type.getComponentType().getKind().isPrimitive()) {
                return fail(Message.NOT_ENCODABLE, path, type,
                        "of primitive arrays only byte[] is encoded; use a List");
            }
            Encoding element = encode(path + "[]", type.getComponentType());
            return element == null ? null : new Encoding.Sequence(element, true);
        }

        private Encoding encodeDeclared(String path, DeclaredType type) {
            TypeElement element = (TypeElement) type.asElement();
            if (!element.getTypeParameters().isEmpty() && type.getTypeArguments().isEmpty()) {
                return fail(Message.NOT_ENCODABLE, path, type, "it is a raw type; give its type arguments");
            }
            if (tools.isType(type, "java.util.Optional")) {
                Encoding value = encode(path, type.getTypeArguments().get(0));
                return value == null ? null : new Encoding.OptionalOf(value);
            }
            Optional<DeclaredType> map = tools.supertype(type, "java.util.Map");
            if (map.isPresent()) {
                Encoding key = encode(path + "{key}", map.get().getTypeArguments().get(0));
                Encoding value = encode(path + "{value}", map.get().getTypeArguments().get(1));
                return key == null || value == null ? null : new Encoding.MapOf(key, value);
            }
            Optional<DeclaredType> set = tools.supertype(type, "java.util.Set");
            if (set.isPresent()) {
                Encoding value = encode(path + "[]", set.get().getTypeArguments().get(0));
                return value == null ? null : new Encoding.SetOf(value);
            }
            Optional<DeclaredType> list = tools.supertype(type, "java.util.List");
            if (list.isPresent()) {
                Encoding value = encode(path + "[]", list.get().getTypeArguments().get(0));
                return value == null ? null : new Encoding.Sequence(value, false);
            }
            if (tools.isSubtypeOf(type, "java.lang.Iterable")) {
                return fail(Message.NOT_ENCODABLE, path, type,
                        "a Collection or Iterable has no defined order; declare a List (ordered) or a Set (sorted)");
            }
            if (TypeTools.isPlatformType(element)) {
                return fail(Message.NOT_ENCODABLE, path, type, jdkHint(element.getQualifiedName().toString()));
            }
            return encodeComposite(path, type, element);
        }

        private Encoding encodeComposite(String path, DeclaredType type, TypeElement element) {
            Optional<TypeElement> inaccessible = tools.firstInaccessibleType(type, generatedPackage);
            if (inaccessible.isPresent()) {
                return fail(Message.INACCESSIBLE, "type " + inaccessible.get().getQualifiedName()
                        + " (fingerprint field '" + path + "')", generatedPackage.getQualifiedName());
            }
            Optional<LombokTypes.Pending> pending = lombok.pending(type);
            if (pending.isPresent()) {
                return fail(Message.AWAITING_LOMBOK, "class " + pending.get().type().getQualifiedName()
                        + " in fingerprint field '" + path + "'", pending.get().annotations());
            }
            if (containsItself(type)) {
                return fail(Message.NOT_ENCODABLE, path, type,
                        "it contains itself, so its encoding would never end; list the paths to fingerprint");
            }
            List<ExecutableElement> hidden = properties.hiddenAttributes(type, generatedPackage);
            if (!hidden.isEmpty()) {
                return fail(Message.INACCESSIBLE, "attribute accessor " + hidden.get(0).getEnclosingElement() + "."
                        + hidden.get(0) + " (fingerprint field '" + path + "')", generatedPackage.getQualifiedName());
            }
            List<Property> readable = properties.properties(type, generatedPackage).stream()
                    .filter(property -> !property.excluded()).toList();
            if (readable.isEmpty()) {
                return fail(Message.NOT_ENCODABLE, path, type, "it has no readable property (record component, getter "
                        + "or field visible from package " + generatedPackage.getQualifiedName() + ")");
            }
            boolean isAbstract = element.getKind() == ElementKind.INTERFACE
                    || element.getModifiers().contains(Modifier.ABSTRACT);
            // an Immutables or AutoValue implementation is generated from exactly the attributes covered here
            if (isAbstract && properties.valueType(type).isEmpty()) {
                issues.add(Issue.on(method.element(), method.annotation(), position,
                        Message.ABSTRACT_FINGERPRINT_TYPE, path, type));
            }
            composites.push(type);
            List<Encoding.Member> members = new ArrayList<>();
            boolean complete = true;
            for (Property property : readable) {
                Encoding encoding = encode(path + "." + property.name(), property.type());
                complete &= encoding != null;
                members.add(new Encoding.Member(property, encoding));
            }
            composites.pop();
            return complete ? new Encoding.Composite(type, members) : null;
        }

        /**
         * Whether {@code type} is already being encoded further out. The same class may appear again inside one of
         * that outer type's own type arguments ({@code Page<Page<Order>>} holds a {@code Page<Order>}): that nesting
         * ends. Anywhere else it comes from the class's own properties ({@code Node} holding a {@code Node}, or
         * {@code Box<T>} holding a {@code Box<List<T>>}) and would never end.
         */
        private boolean containsItself(DeclaredType type) {
            TypeMirror erasure = tools.types().erasure(type);
            return composites.stream().anyMatch(outer -> tools.types().isSameType(tools.types().erasure(outer),
                    erasure) && !isTypeArgumentOf(type, outer));
        }

        /** Whether {@code part} occurs among the type arguments or array components of {@code whole}, at any depth. */
        private boolean isTypeArgumentOf(TypeMirror part, TypeMirror whole) {
            List<? extends TypeMirror> arguments = switch (whole.getKind()) {
                case DECLARED -> ((DeclaredType) whole).getTypeArguments();
                case ARRAY -> List.of(((ArrayType) whole).getComponentType());
                default -> List.of();
            };
            for (TypeMirror argument : arguments) {
                if (tools.types().isSameType(argument, part) || isTypeArgumentOf(part, argument)) {
                    return true;
                }
            }
            return false;
        }

        private Encoding fail(Message message, Object... arguments) {
            issues.add(Issue.on(method.element(), method.annotation(), position, message, arguments));
            return null;
        }
    }

    private static String jdkHint(String name) {
        return switch (name) {
            case "java.lang.Object" -> "Object can hold anything; declare the concrete type";
            case "java.lang.Number" -> "declare BigDecimal or an integral type";
            case "java.util.Date", "java.util.Calendar", "java.sql.Timestamp", "java.sql.Date" ->
                    "its text form depends on the default time zone; use java.time.Instant or LocalDate";
            default -> "it is a JDK type whose state is not readable as properties; fingerprint the values you need";
        };
    }
}
