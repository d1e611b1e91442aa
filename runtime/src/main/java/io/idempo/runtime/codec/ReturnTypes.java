package io.idempo.runtime.codec;

import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
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
        return type;
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
