package io.idempo.processor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;

/**
 * Every identifier that one generated {@code _Idempotency} class declares: constants, functions, writers, their
 * parameters and locals, and lambda parameters. Each is unique in its scope and none hides a name the class refers
 * to: the imported types, the class itself, {@code java} and {@code javax} (the class writes {@code java.lang} names
 * fully qualified, so that a user's type named {@code Override} or {@code String} in the same package changes
 * nothing), and the first identifier of every type name it writes. The users' names come first: a local keeps its
 * parameter's name, the second overload of {@code pay} is {@code pay3} when a method {@code pay2} exists, and a
 * generated name gives way where it would equal one of theirs.
 */
final class GeneratedNames {

    /** The types the generated source imports, and so refers to by their simple names. */
    static final List<String> IMPORTS = List.of("io.idempo.plan.CanonicalWriter", "io.idempo.plan.IdempotencyPlans",
            "io.idempo.plan.MethodPlan", "java.util.List");

    /**
     * The names generated for one method.
     *
     * @param constant    the {@code MethodPlan} constant
     * @param fingerprint the fingerprint function
     * @param key         the key template function (claimed for every method, so that adding a template renames
     *                    nothing else)
     * @param locals      the local of each parameter, by index: its own name unless that is taken
     */
    record MethodNames(String constant, String fingerprint, String key, List<String> locals) {
    }

    private final Identifiers classScope = new Identifiers();
    private final String arguments;
    private final String out;
    private final String value;
    private final String plans;
    private final List<MethodNames> methods = new ArrayList<>();
    /** Path or property name to the constant holding it encoded, in order of first use. */
    private final Map<String, String> nameConstants = new LinkedHashMap<>();
    private final Map<String, String> writers = new HashMap<>();
    private final List<String[]> lambdaParameters = new ArrayList<>();

    GeneratedNames(String className, List<MethodModel> models, TypeNames typeNames) {
        classScope.reserve(IMPORTS.stream().map(Annotations::simpleName).toList());
        classScope.reserve(List.of(className, "java", "javax"));
        for (MethodModel model : models) {
            forEachWrittenType(model, type -> classScope.reserve(typeNames.roots(type)));
        }
        arguments = classScope.claim("arguments");
        out = classScope.claim("out");
        value = classScope.inner().claim("value"); // only in the writers, which have no locals
        List<List<String>> locals = new ArrayList<>();
        for (MethodModel model : models) {
            Identifiers functionScope = classScope.inner();
            locals.add(model.method().parameters().stream()
                    .map(parameter -> functionScope.claim(parameter.getSimpleName().toString())).toList());
        }
        locals.forEach(classScope::reserve); // a constant or lambda parameter of the same name would be hidden
        plans = classScope.claim("PLANS");
        List<String> stems = stems(models);
        for (int i = 0; i < models.size(); i++) {
            String stem = stems.get(i);
            methods.add(new MethodNames(classScope.claim(JavaSource.constantName(stem)),
                    classScope.claim(stem + "Fingerprint"), classScope.claim(stem + "Key"), locals.get(i)));
        }
    }

    /** The types whose names the class writes for this method: parameters, stored exceptions, composites. */
    private static void forEachWrittenType(MethodModel model, Consumer<TypeMirror> action) {
        model.method().parameters().stream().map(VariableElement::asType).forEach(action);
        model.storedExceptions().forEach(action);
        model.fingerprint().fields().forEach(field -> forEachComposite(field.encoding(), action));
    }

    private static void forEachComposite(Encoding encoding, Consumer<TypeMirror> action) {
        if (encoding instanceof Encoding.Composite composite) {
            action.accept(composite.type());
            composite.members().forEach(member -> forEachComposite(member.encoding(), action));
        } else if (encoding instanceof Encoding.Sequence sequence) {
            forEachComposite(sequence.element(), action);
        } else if (encoding instanceof Encoding.SetOf set) {
            forEachComposite(set.element(), action);
        } else if (encoding instanceof Encoding.MapOf map) {
            forEachComposite(map.key(), action);
            forEachComposite(map.value(), action);
        } else if (encoding instanceof Encoding.OptionalOf optional) {
            forEachComposite(optional.value(), action);
        }
    }

    /**
     * The base of each method's names: its own name for the first of its overloads, then the name numbered from 2
     * on, skipping the names of the type's other methods: {@code pay}, {@code pay3} beside a method {@code pay2}.
     */
    private static List<String> stems(List<MethodModel> models) {
        Set<String> taken = new HashSet<>();
        models.forEach(model -> taken.add(model.method().name()));
        Map<String, Integer> overloads = new HashMap<>();
        List<String> stems = new ArrayList<>();
        for (MethodModel model : models) {
            String name = model.method().name();
            int count = overloads.merge(name, 1, Integer::sum);
            String stem = name;
            for (int n = count; count > 1 && !taken.add(stem); n++) {
                stem = name + n; // the first candidate is name + count: pay2 for the second pay
            }
            stems.add(stem);
        }
        return stems;
    }

    MethodNames method(int index) {
        return methods.get(index);
    }

    /** The {@code Object[]} parameter of the fingerprint and key functions. */
    String arguments() {
        return arguments;
    }

    /** The {@code CanonicalWriter} parameter of the fingerprint functions and writers. */
    String out() {
        return out;
    }

    /** The value parameter of the writers. */
    String value() {
        return value;
    }

    /** The list of every plan. */
    String plans() {
        return plans;
    }

    /** The constant for a path or property name: {@code request.amount} is {@code REQUEST_AMOUNT}. */
    String nameConstant(String text) {
        return nameConstants.computeIfAbsent(text,
                name -> classScope.claim(JavaSource.constantName(name.replace('.', '_'))));
    }

    /** Every name constant so far, by its text, in order of first use. */
    Map<String, String> nameConstants() {
        return nameConstants;
    }

    /** The writer of the composite type whose source name is {@code type}, or null if it has none yet. */
    String writer(String type) {
        return writers.get(type);
    }

    /** Claims a writer for the composite type whose source name is {@code type}. */
    String newWriter(String type, String base) {
        String name = classScope.claim(base);
        writers.put(type, name);
        return name;
    }

    /** The writer and value parameters of a lambda nested {@code depth} levels deep (from 1). */
    String[] lambdaParameters(int depth) {
        while (lambdaParameters.size() < depth) {
            int next = lambdaParameters.size() + 1;
            lambdaParameters.add(new String[] {classScope.claim("out" + next), classScope.claim("value" + next)});
        }
        return lambdaParameters.get(depth - 1);
    }
}
