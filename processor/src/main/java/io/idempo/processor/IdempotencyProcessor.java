package io.idempo.processor;

import com.google.auto.service.AutoService;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;

/**
 * Checks every {@code @Idempotent} method and generates one {@code <Type>_Idempotency} class per declaring type;
 * checks every {@code @ExternalStep} method too ({@link ExternalStepProcessing}), for which nothing is generated.
 *
 * <p>A pipeline per method ({@link MethodAnalyzer}): checks that return {@link Issue}s, then the key template and
 * fingerprint planners, then the {@link PlansSourceWriter}. A type with any error gets no generated class (the
 * build fails anyway, and half a plan would only add noise).
 *
 * <p>A method may use a type that another processor generates in a later round (an Immutables or AutoValue class,
 * say). Until it exists, javac models it as an error type, and what the checks read from it would be wrong. So a
 * type with such a method is deferred whole, with nothing reported, and analysed again in the next round by its
 * qualified name ({@link Element}s of one round are not valid in the next), until its types exist; only what is
 * still missing after the last round is reported, as P022. A method that reads a class Lombok may still change in
 * this round waits the same way ({@link LombokTypes}; P023 after the last round). Each type is generated once, with
 * all its methods.
 *
 * <p>Nothing escapes into javac: an unexpected failure, even a {@link StackOverflowError}, becomes one
 * {@code IDEM-P099} error naming the method, type or parameter being processed.
 */
@AutoService(Processor.class)
public final class IdempotencyProcessor extends AbstractProcessor {

    private final List<MethodCheck> extraChecks;
    private TypeTools tools;
    private Reporter reporter;
    private ProcessorOptions options;
    private MethodAnalyzer analyzer;
    private PlansSourceWriter sourceWriter;
    private final LombokTypes lombok = new LombokTypes();
    private ExternalStepProcessing externalSteps;
    private final OrphanParameterCheck orphanParameters = new OrphanParameterCheck();
    /** Qualified names of the types whose methods wait for a type another processor has not generated yet. */
    private final Set<String> deferredTypes = new LinkedHashSet<>();
    /** Qualified names of the types whose class has been generated. */
    private final Set<String> generatedTypes = new HashSet<>();

    public IdempotencyProcessor() {
        this(List.of());
    }

    /** With checks that run after the built-in ones: tests use one that throws, to see the failure reported. */
    IdempotencyProcessor(List<MethodCheck> extraChecks) {
        this.extraChecks = List.copyOf(extraChecks);
    }

    @Override
    public synchronized void init(ProcessingEnvironment environment) {
        super.init(environment);
        options = ProcessorOptions.parse(environment.getOptions(),
                problem -> environment.getMessager().printMessage(Diagnostic.Kind.ERROR, problem));
        tools = new TypeTools(environment.getTypeUtils(), environment.getElementUtils());
        reporter = new Reporter(environment.getMessager(), options);
        analyzer = new MethodAnalyzer(tools, lombok, extraChecks);
        sourceWriter = new PlansSourceWriter(tools);
        externalSteps = new ExternalStepProcessing(tools, reporter);
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return Set.of(IdempotentMethod.IDEMPOTENT, IdempotentMethod.KEY, IdempotentMethod.SCOPE,
                ExternalStepMethod.EXTERNAL_STEP, ExternalStepMethod.OWNER);
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
        try {
            lombok.startRound(round);
            checkParameterAnnotations(round);
            for (TypeElement type : typesToProcess(round)) {
                processType(type, round.processingOver());
            }
            externalSteps.process(round);
        } catch (Throwable e) { // javac must never see a failure of the processor
            internalError(null, null, "a round of annotation processing", e);
        }
        return false;
    }

    /** The types deferred from earlier rounds, fetched again by name, then those of new {@code @Idempotent} methods. */
    private List<TypeElement> typesToProcess(RoundEnvironment round) {
        Map<String, TypeElement> types = new LinkedHashMap<>();
        for (String name : deferredTypes) {
            tools.typeElement(name).ifPresent(type -> types.put(name, type));
        }
        deferredTypes.clear();
        tools.typeElement(IdempotentMethod.IDEMPOTENT).ifPresent(idempotent -> {
            for (ExecutableElement method : ElementFilter.methodsIn(round.getElementsAnnotatedWith(idempotent))) {
                TypeElement owner = (TypeElement) method.getEnclosingElement();
                types.putIfAbsent(owner.getQualifiedName().toString(), owner);
            }
        });
        return List.copyOf(types.values());
    }

    /**
     * Analyses every {@code @Idempotent} method of {@code type}; defers the type while one of them waits for a
     * generated type, and otherwise reports and generates. In the last round it reports what is still missing and
     * generates nothing: a type completed only then was held up by an error elsewhere, which fails the build anyway.
     */
    private void processType(TypeElement type, boolean lastRound) {
        String name = type.getQualifiedName().toString();
        List<MethodAnalyzer.Result> results = new ArrayList<>();
        boolean failed = false;
        for (ExecutableElement element : ElementFilter.methodsIn(type.getEnclosedElements())) {
            Optional<AnnotationMirror> annotation = Annotations.find(element, IdempotentMethod.IDEMPOTENT);
            if (annotation.isEmpty()) {
                continue;
            }
            IdempotentMethod method = new IdempotentMethod(element, annotation.get());
            try {
                results.add(analyzer.analyze(method));
            } catch (Throwable e) { // even a StackOverflowError: reported as P099
                internalError(element, annotation.get(), method.describe(), e);
                failed = true;
            }
        }
        Optional<Issue> waiting = results.stream().flatMap(result -> result.waiting().stream()).findFirst();
        if (waiting.isPresent() && !failed && !lastRound) {
            deferredTypes.add(name);
            if (options.verbose()) {
                String awaited = waiting.get().message() == Message.AWAITING_LOMBOK
                        ? "Lombok to complete " + waiting.get().arguments()[0]
                        : waiting.get().arguments()[0] + ", generated by another processor";
                reporter.note("idempo: " + name + " waits for " + awaited + "; deferred to the next round", type);
            }
            return;
        }
        List<MethodModel> models = new ArrayList<>();
        for (MethodAnalyzer.Result result : results) {
            if (result.waiting().isPresent()) {
                // Its other issues may be wrong while it waits; and before the last round (a type not deferred
                // because another method failed) it does not wait for good yet.
                if (lastRound) {
                    reporter.report(List.of(result.waiting().get()));
                }
                failed = true;
                continue;
            }
            failed |= reporter.report(result.issues()) || result.model().isEmpty();
            result.model().ifPresent(models::add);
        }
        if (options.verbose()) {
            models.forEach(model -> reporter.note(plan(model), model.method().element()));
        }
        if (!failed && !lastRound && !models.isEmpty() && generatedTypes.add(name)) {
            generate(type, models);
        }
    }

    private static String plan(MethodModel model) {
        IdempotentMethod method = model.method();
        return "idempo: " + method.describe() + " action=" + method.action() + " key=" + keySource(model)
                + " fingerprint=" + model.fingerprint().describe() + " version=" + model.fingerprint().version();
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
                    } catch (Throwable e) {
                        internalError(parameter, null, "parameter " + parameter.getSimpleName() + " of "
                                + parameter.getEnclosingElement(), e);
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
            internalError(type, null, "writing " + qualifiedName, e);
        } catch (Throwable e) {
            internalError(type, null, type.getQualifiedName().toString(), e);
        }
    }

    private void internalError(Element element, AnnotationMirror annotation, String what, Throwable failure) {
        reporter.report(List.of(Issue.internalError(element, annotation, what, failure)));
    }
}
