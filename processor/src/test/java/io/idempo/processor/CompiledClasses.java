package io.idempo.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import io.idempo.Idempotent;
import io.idempo.plan.IdempotencyPlans;
import io.idempo.plan.MethodPlan;
import io.idempo.plan.MethodPlans;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.tools.JavaFileObject;

/**
 * The classes of a test compilation, loaded in a class loader of their own, so that a test can run the generated
 * plans on values of the compiled (and generated) types.
 */
final class CompiledClasses extends ClassLoader {

    private static final String OUTPUT = "/CLASS_OUTPUT/";

    private final Map<String, byte[]> classes = new HashMap<>();

    CompiledClasses(Compilation compilation) {
        super(CompiledClasses.class.getClassLoader());
        for (JavaFileObject file : compilation.generatedFiles()) {
            String name = file.toUri().getPath();
            if (file.getKind() == JavaFileObject.Kind.CLASS && name.startsWith(OUTPUT)) {
                String path = name.substring(OUTPUT.length(), name.length() - ".class".length());
                try (InputStream in = file.openInputStream()) {
                    classes.put(path.replace('/', '.'), in.readAllBytes());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
    }

    /** The generated plans of {@code type}. */
    IdempotencyPlans plans(String type) {
        try {
            return (IdempotencyPlans) loadClass(type + "_Idempotency").getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("no generated plans for " + type, e);
        }
    }

    /**
     * The plan of every {@code @Idempotent} method of the compiled classes, looked up as the runtime looks it up
     * ({@link MethodPlans#forMethod}, by the signature of the loaded {@link Method}), each with the action that its
     * annotation gives; sorted by the methods' signatures.
     */
    Map<String, MethodPlan> planOfEveryIdempotentMethod() {
        Map<String, MethodPlan> plans = new LinkedHashMap<>();
        classes.keySet().stream().filter(name -> !name.endsWith(MethodPlans.GENERATED_SUFFIX)).sorted()
                .flatMap(name -> Arrays.stream(load(name).getDeclaredMethods()))
                .filter(method -> method.isAnnotationPresent(Idempotent.class))
                .sorted(Comparator.comparing(method -> method.getDeclaringClass().getName() + "."
                        + MethodPlans.signatureOf(method)))
                .forEach(method -> {
                    MethodPlan plan = MethodPlans.forMethod(method);
                    String action = method.getAnnotation(Idempotent.class).action();
                    assertEquals(action.isEmpty() ? method.getDeclaringClass().getSimpleName() + "."
                            + method.getName() : action, plan.action(), "the plan of " + method);
                    plans.put(method.getDeclaringClass().getName() + "." + MethodPlans.signatureOf(method), plan);
                });
        return plans;
    }

    private Class<?> load(String name) {
        try {
            return loadClass(name);
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }

    /** Calls a static method of a compiled class that takes one string: the tests' factories of arguments. */
    Object[] call(String type, String method, String argument) {
        try {
            var factory = loadClass(type).getDeclaredMethod(method, String.class);
            factory.setAccessible(true);
            return (Object[]) factory.invoke(null, argument);
        } catch (InvocationTargetException e) {
            throw new AssertionError(type + "." + method + " failed", e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("cannot call " + type + "." + method, e);
        }
    }

    /** Writes the class files into {@code directory}, for a later compilation that reads them as a dependency. */
    void writeTo(Path directory) {
        classes.forEach((name, bytes) -> {
            Path file = directory.resolve(name.replace('.', '/') + ".class");
            try {
                Files.createDirectories(file.getParent());
                Files.write(file, bytes);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        byte[] bytes = classes.get(name);
        if (bytes == null) {
            throw new ClassNotFoundException(name);
        }
        return defineClass(name, bytes, 0, bytes.length);
    }
}
