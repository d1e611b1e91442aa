package io.idempo.processor;

import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.annotation.processing.Processor;
import javax.tools.JavaFileObject;

/** Compiles test sources with the processor, as a user's build would. */
final class ProcessorCompiler {

    /** Every lint but the processing one, as the functional tests build with (plus -Werror). */
    static final String[] LINT = {"-Xlint:all,-processing"};

    private ProcessorCompiler() {
    }

    static Compilation compile(JavaFileObject... sources) {
        return compileWithOptions(LINT, sources);
    }

    static Compilation compileWithOptions(String[] options, JavaFileObject... sources) {
        return javac().withProcessors(new IdempotencyProcessor()).withOptions((Object[]) options).compile(sources);
    }

    /** With a directory of classes on the class path as well, as a dependency's jar would be. */
    static Compilation compileWithClasspath(Path classes, String[] options, JavaFileObject... sources) {
        List<File> classpath = new ArrayList<>(List.of(classes.toFile()));
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            classpath.add(new File(entry));
        }
        return javac().withProcessors(new IdempotencyProcessor()).withOptions((Object[]) options)
                .withClasspath(classpath).compile(sources);
    }

    /** With other processors running before ours in each round, as they would on a user's processor path. */
    static Compilation compileAlongside(List<Processor> others, String[] options, JavaFileObject... sources) {
        List<Processor> processors = new ArrayList<>(others);
        processors.add(new IdempotencyProcessor());
        return javac().withProcessors(processors).withOptions((Object[]) options).compile(sources);
    }

    /** With exactly these processors, in this order (one of them ours), as a processor path would list them. */
    static Compilation compileInOrder(List<Processor> processors, String[] options, JavaFileObject... sources) {
        return javac().withProcessors(processors).withOptions((Object[]) options).compile(sources);
    }

    static Compilation compileAlongside(Processor other, JavaFileObject... sources) {
        return compileAlongside(List.of(other), LINT, sources);
    }
}
