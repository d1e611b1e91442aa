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
 * Finds the readable properties of a type as seen from the generated class's package: record components, then
 * getters ({@code getX()}, or {@code isX()} returning boolean), then fields without a getter. Sorted by name so
 * that reordering declarations never changes a digest.
 */
final class PropertyScanner {

    private final TypeTools tools;

    PropertyScanner(TypeTools tools) {
        this.tools = tools;
    }

    List<Property> properties(DeclaredType type, PackageElement from) {
        TypeElement element = (TypeElement) type.asElement();
        Map<String, Property> byName = new LinkedHashMap<>();
        if (element.getKind() == ElementKind.RECORD) {
            for (RecordComponentElement component : element.getRecordComponents()) {
                ExecutableElement accessor = component.getAccessor();
                byName.put(component.getSimpleName().toString(), new Property(
                        component.getSimpleName().toString(), "." + accessor.getSimpleName() + "()",
                        memberType(type, accessor), accessor,
                        isExcluded(component) || isExcluded(accessor)
                                || isExcluded(fieldNamed(element, component.getSimpleName()))));
            }
        } else {
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
        }
        List<Property> sorted = new ArrayList<>(byName.values());
        sorted.sort(Comparator.comparing(Property::name));
        return sorted;
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
