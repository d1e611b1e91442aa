package io.idempo.processor;

import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;

/** Compiles test sources with the processor, as a user's build would. */
final class ProcessorCompiler {

    private ProcessorCompiler() {
    }

    static Compilation compile(JavaFileObject... sources) {
        return javac().withProcessors(new IdempotencyProcessor()).withOptions("-Xlint:all,-processing").compile(sources);
    }

    static Compilation compileWithOptions(String[] options, JavaFileObject... sources) {
        return javac().withProcessors(new IdempotencyProcessor()).withOptions((Object[]) options).compile(sources);
    }

    /** A source file from lines; the class name is taken from {@code name}. */
    static JavaFileObject source(String name, String... lines) {
        return JavaFileObjects.forSourceLines(name, lines);
    }
}
