package io.idempo.runtime.internal;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Exceptions kept as a final outcome and rethrown on replay: an idempotent call's stored exceptions and an external
 * step's permanent failures. Kept as {@code <type>\n<message>}, rebuilt through the type's public {@code (String)}
 * constructor, and only for the types the method names, so that the stored text never chooses an arbitrary class.
 */
public final class StoredExceptions {

    private StoredExceptions() {
    }

    /** {@code <type>\n<message>}, with an empty message for none. */
    public static String encode(Throwable thrown) {
        return thrown.getClass().getName() + "\n" + Optional.ofNullable(thrown.getMessage()).orElse("");
    }

    /** The type named by {@link #encode}'s text. */
    public static String typeName(String payload) {
        int newline = payload.indexOf('\n');
        return newline < 0 ? payload : payload.substring(0, newline);
    }

    /** The message of {@link #encode}'s text. */
    public static String message(String payload) {
        int newline = payload.indexOf('\n');
        return newline < 0 ? "" : payload.substring(newline + 1);
    }

    /**
     * Rebuilds a stored exception through its public {@code (String)} constructor, which the processor checked, if
     * its type is one of {@code allowed} or a subtype; otherwise an {@link IllegalStateException} that says why. The
     * type itself need not be public: its constructor is made accessible (a package-private exception class is
     * common, and reflection from the runtime's package could not reach it otherwise).
     *
     * @param attribute the attribute that names the allowed types, for the message ({@code storeExceptions})
     * @param otherwise what else the operator can do, for the message ({@code let the record expire})
     */
    public static Throwable rebuild(String payload, List<Class<? extends Throwable>> allowed, String attribute,
                                    String otherwise) {
        String typeName = typeName(payload);
        for (Class<? extends Throwable> type : allowed) {
            Class<? extends Throwable> stored = findSubtype(type, typeName);
            if (stored != null) {
                try {
                    Constructor<? extends Throwable> constructor = stored.getConstructor(String.class);
                    constructor.trySetAccessible();
                    return constructor.newInstance(message(payload));
                } catch (InvocationTargetException e) {
                    return new IllegalStateException("The stored " + typeName + " could not be rebuilt", e.getCause());
                } catch (ReflectiveOperationException e) {
                    return new IllegalStateException("The stored " + typeName + " has no public (String) "
                            + "constructor any more; add it back or " + otherwise, e);
                }
            }
        }
        return new IllegalStateException("The stored exception " + typeName + " is no longer in " + attribute
                + "; add it back or " + otherwise);
    }

    /**
     * Why replay could not rebuild {@code type}, as phrases ("it is abstract"); empty when it can. The run-time form
     * of the processor's check (P017, P027).
     */
    public static List<String> rebuildProblems(Class<? extends Throwable> type) {
        List<String> problems = new ArrayList<>();
        if (Modifier.isAbstract(type.getModifiers())) {
            problems.add("it is abstract");
        }
        try {
            if (!Modifier.isPublic(type.getConstructor(String.class).getModifiers())) {
                problems.add("its (String) constructor is not public");
            }
        } catch (NoSuchMethodException e) {
            problems.add("it has no public constructor taking a String message");
        }
        return problems;
    }

    private static Class<? extends Throwable> findSubtype(Class<? extends Throwable> allowed, String typeName) {
        if (allowed.getName().equals(typeName)) {
            return allowed;
        }
        try {
            Class<?> candidate = Class.forName(typeName, false, allowed.getClassLoader());
            return allowed.isAssignableFrom(candidate) ? candidate.asSubclass(allowed) : null;
        } catch (ClassNotFoundException e) {
            return null;
        }
    }
}
