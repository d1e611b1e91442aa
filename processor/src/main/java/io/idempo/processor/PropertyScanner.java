package io.idempo.processor;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/**
 * Finds the readable properties of a type as seen from the generated class's package: the components of a record;
 * the attributes of an Immutables or AutoValue type (see {@link ValueTypes}); otherwise getters ({@code getX()}, or
 * {@code isX()} returning boolean), then fields without a getter. Sorted by name so that reordering declarations
 * never changes a digest, and so that a value type and a record with the same components encode alike.
 */
final class PropertyScanner {

    private final TypeTools tools;
    private final ValueTypes valueTypes;

    PropertyScanner(TypeTools tools) {
        this.tools = tools;
        this.valueTypes = new ValueTypes(tools);
    }

    List<Property> properties(DeclaredType type, PackageElement from) {
        TypeElement element = (TypeElement) type.asElement();
        List<Property> found;
        if (element.getKind() == ElementKind.RECORD) {
            found = components(type, element);
        } else {
            found = valueType(type).map(value -> attributes(type, value, from))
                    .orElseGet(() -> beanProperties(type, element, from));
        }
        List<Property> sorted = new ArrayList<>(found);
        sorted.sort(Comparator.comparing(Property::name));
        return sorted;
    }

    /**
     * The Immutables or AutoValue type whose attributes are the properties of {@code type}. A record is read by its
     * components even if it implements such a type: they are all of its state.
     */
    Optional<ValueType> valueType(DeclaredType type) {
        TypeElement element = (TypeElement) type.asElement();
        return element.getKind() == ElementKind.RECORD ? Optional.empty() : valueTypes.of(element);
    }

    /**
     * The accessors of a value type's attributes that the generated class cannot call: left out of the properties,
     * their attributes would be left out of a whole-object fingerprint unnoticed.
     */
    List<ExecutableElement> hiddenAttributes(DeclaredType type, PackageElement from) {
        return valueType(type).stream().flatMap(value -> value.attributes().values().stream())
                .filter(accessor -> !readable(accessor, from)).toList();
    }

    /** What counts as a readable property of {@code type}, for a message that names a property it lacks. */
    String readableKinds(TypeMirror type, PackageElement from) {
        String visible = " visible from package " + from.getQualifiedName();
        Optional<ValueType> value = type.getKind() == TypeKind.DECLARED ? valueType((DeclaredType) type)
                : Optional.empty();
        if (value.isEmpty()) {
            return "a record component, a getter or a field" + visible;
        }
        List<String> names = properties((DeclaredType) type, from).stream().map(Property::name).toList();
        return "the attributes of " + value.get().annotation() + " " + value.get().declaration().getQualifiedName()
                + " whose accessors are" + visible + ": " + (names.isEmpty() ? "none" : String.join(", ", names));
    }

    private List<Property> attributes(DeclaredType type, ValueType value, PackageElement from) {
        List<Property> attributes = new ArrayList<>();
        value.attributes().forEach((name, accessor) -> {
            if (readable(accessor, from)) {
                attributes.add(new Property(name, "." + accessor.getSimpleName() + "()", memberType(type, accessor),
                        accessor, isExcluded(accessor)));
            }
        });
        return attributes;
    }

    private List<Property> components(DeclaredType type, TypeElement element) {
        List<Property> components = new ArrayList<>();
        for (RecordComponentElement component : element.getRecordComponents()) {
            ExecutableElement accessor = component.getAccessor();
            components.add(new Property(
                    component.getSimpleName().toString(), "." + accessor.getSimpleName() + "()",
                    memberType(type, accessor), accessor,
                    isExcluded(component) || isExcluded(accessor)
                            || isExcluded(fieldNamed(element, component.getSimpleName()))));
        }
        return components;
    }

    private List<Property> beanProperties(DeclaredType type, TypeElement element, PackageElement from) {
        Map<String, Property> byName = new LinkedHashMap<>();
        List<? extends Element> members = tools.elements().getAllMembers(element);
        for (ExecutableElement method : ElementFilter.methodsIn(members)) {
            getterName(method).filter(name -> readable(method, from)).ifPresent(name ->
                    byName.putIfAbsent(name, new Property(name, "." + method.getSimpleName() + "()",
                            memberType(type, method), method,
                            isExcluded(method) || isExcluded(fieldNamed(element, name)))));
        }
        for (VariableElement field : ElementFilter.fieldsIn(members)) {
            String name = field.getSimpleName().toString();
            if (readable(field, from) && !byName.containsKey(name)) {
                byName.put(name, new Property(name, "." + name,
                        tools.types().asMemberOf(type, field), field, isExcluded(field)));
            }
        }
        return List.copyOf(byName.values());
    }

    private TypeMirror memberType(DeclaredType type, ExecutableElement method) {
        return ((ExecutableType) tools.types().asMemberOf(type, method)).getReturnType();
    }

    private boolean readable(Element member, PackageElement from) {
        if (member.getModifiers().contains(Modifier.STATIC)) {
            return false;
        }
        boolean samePackage = tools.packageOf(member).equals(from);
        boolean protectedElsewhere = member.getModifiers().contains(Modifier.PROTECTED) && !samePackage;
        return !protectedElsewhere && tools.isMemberAccessible(member, samePackage);
    }

    private static Optional<String> getterName(ExecutableElement method) {
        if (!method.getParameters().isEmpty() || method.getReturnType().getKind() == TypeKind.VOID
                || !method.getTypeParameters().isEmpty()) {
            return Optional.empty();
        }
        String name = method.getSimpleName().toString();
        if (name.equals("getClass")) {
            return Optional.empty();
        }
        if (name.length() > 3 && name.startsWith("get") && Character.isUpperCase(name.charAt(3))) {
            return Optional.of(decapitalize(name.substring(3)));
        }
        boolean returnsBoolean = method.getReturnType().getKind() == TypeKind.BOOLEAN;
        if (returnsBoolean && name.length() > 2 && name.startsWith("is") && Character.isUpperCase(name.charAt(2))) {
            return Optional.of(decapitalize(name.substring(2)));
        }
        return Optional.empty();
    }

    /** JavaBeans naming: {@code getAmount} is {@code amount}, but {@code getURL} stays {@code URL}. */
    static String decapitalize(String name) {
        if (name.length() > 1 && Character.isUpperCase(name.charAt(1)) && Character.isUpperCase(name.charAt(0))) {
            return name;
        }
        return Character.toLowerCase(name.charAt(0)) + name.substring(1);
    }

    /** The field backing a property, searched up the class hierarchy, if there is one. */
    private Element fieldNamed(TypeElement type, CharSequence name) {
        for (VariableElement field : ElementFilter.fieldsIn(tools.elements().getAllMembers(type))) {
            if (field.getSimpleName().contentEquals(name.toString())) {
                return field;
            }
        }
        return null;
    }

    private static boolean isExcluded(Element element) {
        return element != null && Annotations.find(element, IdempotentMethod.EXCLUDE).isPresent();
    }
}
