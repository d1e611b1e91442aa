package io.idempo.processor;

import com.google.auto.service.AutoService;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;

/**
 * Checks every {@code @Idempotent} method and generates one {@code <Type>_Idempotency} class per declaring type.
 *
 * <p>A pipeline per method ({@link MethodAnalyzer}): checks that return {@link Issue}s, then the key template and
 * fingerprint planners, then the {@link PlansSourceWriter}. A type with any error gets no generated class (the
 * build fails anyway, and half a plan would only add noise). Nothing escapes into javac: an unexpected failure
 * becomes one {@code IDEM-P099} error on the element being processed.
 */
@AutoService(Processor.class)
public final class IdempotencyProcessor extends AbstractProcessor {

    private TypeTools tools;
    private Reporter reporter;
    private ProcessorOptions options;
    private MethodAnalyzer analyzer;
    private PlansSourceWriter sourceWriter;
    private final DuplicateActionCheck duplicateActions = new DuplicateActionCheck();
    private final OrphanParameterCheck orphanParameters = new OrphanParameterCheck();

    @Override
    public synchronized void init(ProcessingEnvironment environment) {
        super.init(environment);
        options = ProcessorOptions.parse(environment.getOptions(),
                problem -> environment.getMessager().printMessage(Diagnostic.Kind.ERROR, problem));
        tools = new TypeTools(environment.getTypeUtils(), environment.getElementUtils());
        reporter = new Reporter(environment.getMessager(), options);
        analyzer = new MethodAnalyzer(tools);
        sourceWriter = new PlansSourceWriter(tools);
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return Set.of(IdempotentMethod.IDEMPOTENT, IdempotentMethod.KEY, IdempotentMethod.SCOPE);
    }

    @Override
    public Set<String> getSupportedOptions() {
        return ProcessorOptions.NAMES;
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        checkParameterAnnotations(round);
        Map<TypeElement, List<MethodModel>> modelsByType = new LinkedHashMap<>();
        Set<TypeElement> failedTypes = new HashSet<>();
        tools.typeElement(IdempotentMethod.IDEMPOTENT).ifPresent(idempotent -> {
            for (Element element : round.getElementsAnnotatedWith(idempotent)) {
                if (element.getKind() != ElementKind.METHOD) {
                    continue; // javac enforces @Target(METHOD)
                }
                TypeElement owner = (TypeElement) element.getEnclosingElement();
                List<MethodModel> models = modelsByType.computeIfAbsent(owner, type -> new ArrayList<>());
                if (!analyze((ExecutableElement) element, models)) {
                    failedTypes.add(owner);
                }
            }
        });
        modelsByType.forEach((type, models) -> {
            if (!failedTypes.contains(type) && !models.isEmpty()) {
                generate(type, models);
            }
        });
        return false;
    }

    /** Returns false when the method has errors. */
    private boolean analyze(ExecutableElement element, List<MethodModel> models) {
        try {
            AnnotationMirror annotation = Annotations.find(element, IdempotentMethod.IDEMPOTENT).orElseThrow();
            IdempotentMethod method = new IdempotentMethod(element, annotation);
            MethodAnalyzer.Result result = analyzer.analyze(method);
            List<Issue> issues = new ArrayList<>(result.issues());
            issues.addAll(duplicateActions.check(method));
            boolean errors = reporter.report(issues);
            if (errors || result.model().isEmpty()) {
                return false;
            }
            models.add(result.model().get());
            if (options.verbose()) {
                MethodModel model = result.model().get();
                reporter.note("idempo: " + method.describe() + " action=" + method.action() + " key="
                        + keySource(model) + " fingerprint=" + model.fingerprint().describe() + " version="
                        + model.fingerprint().version(), element);
            }
            return true;
        } catch (RuntimeException e) {
            internalError(element, e);
            return false;
        }
    }

    private static String keySource(MethodModel model) {
        if (model.keyTemplate().isPresent()) {
            return "template \"" + model.keyTemplate().get().text() + "\"";
        }
        if (model.keyParameter() >= 0) {
            return "parameter " + model.method().parameters().get(model.keyParameter()).getSimpleName();
        }
        return "request context (Idempotency-Key header)";
    }

    private void checkParameterAnnotations(RoundEnvironment round) {
        for (String annotation : List.of(IdempotentMethod.KEY, IdempotentMethod.SCOPE)) {
            tools.typeElement(annotation).ifPresent(type -> {
                for (Element parameter : round.getElementsAnnotatedWith(type)) {
                    try {
                        reporter.report(orphanParameters.check(parameter, annotation));
                    } catch (RuntimeException e) {
                        internalError(parameter, e);
                    }
                }
            });
        }
    }

    private void generate(TypeElement type, List<MethodModel> models) {
        String packageName = tools.packageOf(type).getQualifiedName().toString();
        String simpleName = PlansSourceWriter.generatedSimpleName(type);
        String qualifiedName = packageName.isEmpty() ? simpleName : packageName + "." + simpleName;
        try {
            String source = sourceWriter.write(type, models);
            JavaFileObject file = processingEnv.getFiler().createSourceFile(qualifiedName, type);
            try (Writer writer = file.openWriter()) {
                writer.write(source);
            }
        } catch (IOException e) {
            processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, Message.INTERNAL_ERROR.format(
                    "cannot write " + qualifiedName + ": " + e.getMessage()), type);
        } catch (RuntimeException e) {
            internalError(type, e);
        }
    }

    private void internalError(Element element, RuntimeException e) {
        processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR,
                Message.INTERNAL_ERROR.format(e.getClass().getName() + ": " + e.getMessage()), element);
    }
}
