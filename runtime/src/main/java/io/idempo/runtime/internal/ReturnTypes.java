package io.idempo.runtime.internal;

import java.lang.reflect.Array;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The return type of a method as seen from the target's class: {@code Optional<T>} declared in
 * {@code Repository<T>} becomes {@code Optional<Order>} for {@code OrderRepository extends Repository<Order>}. The
 * processor refuses method-level type variables in return types, so class-level ones are all that remain.
 */
public final class ReturnTypes {

    private ReturnTypes() {
    }

    public static Type resolve(Method method, Class<?> targetClass) {
        Map<TypeVariable<?>, Type> bindings = new HashMap<>();
        collect(targetClass, bindings);
        return substitute(method.getGenericReturnType(), bindings);
    }

    private static void collect(Type type, Map<TypeVariable<?>, Type> bindings) {
        if (type instanceof ParameterizedType parameterized) {
            Class<?> raw = (Class<?>) parameterized.getRawType();
            TypeVariable<?>[] variables = raw.getTypeParameters();
            Type[] arguments = parameterized.getActualTypeArguments();
            for (int i = 0; i < variables.length; i++) {
                bindings.put(variables[i], substitute(arguments[i], bindings));
            }
            collect(raw, bindings);
        } else if (type instanceof Class<?> raw) {
            if (raw.getGenericSuperclass() != null) {
                collect(raw.getGenericSuperclass(), bindings);
            }
            for (Type implemented : raw.getGenericInterfaces()) {
                collect(implemented, bindings);
            }
        }
    }

    private static Type substitute(Type type, Map<TypeVariable<?>, Type> bindings) {
        if (type instanceof TypeVariable<?> variable) {
            return bindings.getOrDefault(variable, variable);
        }
        if (type instanceof ParameterizedType parameterized) {
            Type[] arguments = Arrays.stream(parameterized.getActualTypeArguments())
                    .map(argument -> substitute(argument, bindings)).toArray(Type[]::new);
            return new Parameterized((Class<?>) parameterized.getRawType(), parameterized.getOwnerType(), arguments);
        }
        if (type instanceof GenericArrayType array) {
            Type component = substitute(array.getGenericComponentType(), bindings);
            return component instanceof Class<?> resolved ? Array.newInstance(resolved, 0).getClass()
                    : new GenericArray(component);
        }
        if (type instanceof WildcardType wildcard) {
            return new Wildcard(substitute(wildcard.getUpperBounds(), bindings),
                    substitute(wildcard.getLowerBounds(), bindings));
        }
        return type;
    }

    private static Type[] substitute(Type[] types, Map<TypeVariable<?>, Type> bindings) {
        return Arrays.stream(types).map(each -> substitute(each, bindings)).toArray(Type[]::new);
    }

    /** {@code T[]} whose component is still generic after substitution, such as {@code List<Order>[]}. */
    private record GenericArray(Type component) implements GenericArrayType {
        @Override
        public Type getGenericComponentType() {
            return component;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof GenericArrayType that && component.equals(that.getGenericComponentType());
        }

        @Override
        public int hashCode() {
            return component.hashCode();
        }

        @Override
        public String getTypeName() {
            return component.getTypeName() + "[]";
        }

        @Override
        public String toString() {
            return getTypeName();
        }
    }

    /** {@code ? extends T} or {@code ? super T} with {@code T} substituted. */
    private record Wildcard(Type[] upper, Type[] lower) implements WildcardType {
        @Override
        public Type[] getUpperBounds() {
            return upper.clone();
        }

        @Override
        public Type[] getLowerBounds() {
            return lower.clone();
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof WildcardType that && Arrays.equals(upper, that.getUpperBounds())
                    && Arrays.equals(lower, that.getLowerBounds());
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(upper) ^ Arrays.hashCode(lower);
        }

        @Override
        public String getTypeName() {
            if (lower.length > 0) {
                return "? super " + lower[0].getTypeName();
            }
            return upper.length == 0 || upper[0] == Object.class ? "?" : "? extends " + upper[0].getTypeName();
        }

        @Override
        public String toString() {
            return getTypeName();
        }
    }

    private record Parameterized(Class<?> raw, Type owner, Type[] arguments) implements ParameterizedType {
        @Override
        public Type[] getActualTypeArguments() {
            return arguments.clone();
        }

        @Override
        public Type getRawType() {
            return raw;
        }

        @Override
        public Type getOwnerType() {
            return owner;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof ParameterizedType that && raw.equals(that.getRawType())
                    && Objects.equals(owner, that.getOwnerType())
                    && Arrays.equals(arguments, that.getActualTypeArguments());
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(arguments) ^ Objects.hashCode(owner) ^ raw.hashCode();
        }

        @Override
        public String getTypeName() {
            return raw.getTypeName() + Arrays.stream(arguments).map(Type::getTypeName)
                    .collect(java.util.stream.Collectors.joining(", ", "<", ">"));
        }

        @Override
        public String toString() {
            return getTypeName();
        }
    }
}
