package io.idempo.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/**
 * P016, P017, P020 on {@code storeExceptions}: each type can actually be thrown by the method, replay can rebuild
 * it from its message, and the generated class can name it. (javac itself refuses a type that is not a
 * {@code Throwable}: the attribute is declared {@code Class<? extends Throwable>[]}.)
 */
final class StoredExceptionCheck implements MethodCheck {

    private final TypeTools tools;

    StoredExceptionCheck(TypeTools tools) {
        this.tools = tools;
    }

    @Override
    public List<Issue> check(IdempotentMethod method) {
        List<Issue> issues = new ArrayList<>();
        PackageElement generatedPackage = tools.packageOf(method.declaringType());
        for (AnnotationValue value : method.arrayAttribute("storeExceptions")) {
            if (!(value.getValue() instanceof DeclaredType type)) {
                continue; // a class literal javac cannot resolve (yet): MissingTypeCheck reports it
            }
            TypeElement exception = (TypeElement) type.asElement();
            Optional<TypeElement> blocking = tools.inaccessiblePart(exception, generatedPackage);
            if (blocking.isPresent()) {
                String where = blocking.get().equals(exception) ? ""
                        : ", inside private class " + blocking.get().getSimpleName() + ",";
                issues.add(issue(method, value, Message.INACCESSIBLE, "exception " + exception.getQualifiedName()
                        + where, generatedPackage.getQualifiedName()));
                continue;
            }
            if (isChecked(tools, type) && !declaredBy(tools, method.element(), type)) {
                issues.add(issue(method, value, Message.STORED_EXCEPTION_NOT_THROWN, exception.getQualifiedName()));
            }
            rebuildProblem(tools, exception).ifPresent(problem -> issues.add(issue(method, value,
                    Message.STORED_EXCEPTION_NOT_REBUILDABLE, exception.getQualifiedName(), problem)));
        }
        return issues;
    }

    static boolean isChecked(TypeTools tools, TypeMirror type) {
        return !tools.isSubtypeOf(type, "java.lang.RuntimeException") && !tools.isSubtypeOf(type, "java.lang.Error");
    }

    /** Declared itself, through a supertype, or through a subtype ({@code IOException} covers a thrown subtype). */
    static boolean declaredBy(TypeTools tools, ExecutableElement method, TypeMirror type) {
        for (TypeMirror thrown : method.getThrownTypes()) {
            if (tools.types().isSubtype(type, thrown) || tools.types().isSubtype(thrown, type)) {
                return true;
            }
        }
        return false;
    }

    /** Why replay could not rebuild {@code exception} from its message; empty when it can. */
    static Optional<String> rebuildProblem(TypeTools tools, TypeElement exception) {
        if (exception.getModifiers().contains(Modifier.ABSTRACT)) {
            return Optional.of("it is abstract; name the concrete types that are thrown");
        }
        for (ExecutableElement constructor : ElementFilter.constructorsIn(exception.getEnclosedElements())) {
            if (constructor.getModifiers().contains(Modifier.PUBLIC)
                    && constructor.getParameters().size() == 1
                    && tools.isType(constructor.getParameters().get(0).asType(), "java.lang.String")) {
                return Optional.empty();
            }
        }
        return Optional.of("it has no public constructor taking a single String message; add one");
    }

    private static Issue issue(IdempotentMethod method, AnnotationValue value, Message message, Object... arguments) {
        return Issue.on(method.element(), method.annotation(), value, message, arguments);
    }
}
