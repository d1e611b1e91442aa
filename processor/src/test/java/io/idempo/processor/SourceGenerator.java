package io.idempo.processor;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;

/**
 * Stands for another annotation processor that generates types: it writes one source per round, in the order they
 * were given, so that a test controls exactly when each type comes to exist.
 */
final class SourceGenerator extends AbstractProcessor {

    private record Source(String qualifiedName, String text) {
    }

    private final List<Source> sources = new ArrayList<>();
    private int round;

    private SourceGenerator() {
    }

    /** Generates this source (in package {@code test}, see {@link DiagnosticAssertions#java}) in round 1. */
    static SourceGenerator generating(String qualifiedName, String... lines) {
        return new SourceGenerator().then(qualifiedName, lines);
    }

    /** Generates this source in the round after the previous one. */
    SourceGenerator then(String qualifiedName, String... lines) {
        sources.add(new Source(qualifiedName,
                DiagnosticAssertions.text(DiagnosticAssertions.java(qualifiedName, lines))));
        return this;
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return Set.of("*");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment environment) {
        if (round < sources.size()) {
            Source source = sources.get(round);
            try (Writer writer = processingEnv.getFiler().createSourceFile(source.qualifiedName()).openWriter()) {
                writer.write(source.text());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        round++;
        return false;
    }
}
