package io.idempo.processor;

import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;

/** Compiles test sources with the processor, as a user's build would. */
final class ProcessorCompiler {

    private ProcessorCompiler() {
    }

    static Compilation compile(JavaFileObject... sources) {
        return compileWithOptions(new String[] {"-Xlint:all,-processing"}, sources);
    }

    static Compilation compileWithOptions(String[] options, JavaFileObject... sources) {
        return javac().withProcessors(new IdempotencyProcessor()).withOptions((Object[]) options).compile(sources);
    }
}
