package io.idempo.processor;

import com.google.testing.compile.Compilation;
import java.util.ArrayList;
import java.util.List;
import javax.annotation.processing.Processor;
import javax.tools.JavaFileObject;

/** The processors of a user's processor path, in order: idempo alone, or with the real Lombok before or after it. */
enum ProcessorPath {
    IDEMPO_ALONE, LOMBOK_FIRST, LOMBOK_LAST;

    Compilation compile(String[] options, JavaFileObject... sources) {
        List<Processor> processors = new ArrayList<>(List.of(new IdempotencyProcessor()));
        if (this != IDEMPO_ALONE) {
            processors.add(this == LOMBOK_FIRST ? 0 : 1, lombok());
        }
        return ProcessorCompiler.compileInOrder(processors, options, sources);
    }

    Compilation compile(JavaFileObject... sources) {
        return compile(ProcessorCompiler.LINT, sources);
    }

    /** Lombok's processor, as its jar registers it for javac's discovery. */
    private static Processor lombok() {
        try {
            return (Processor) Class.forName("lombok.launch.AnnotationProcessorHider$AnnotationProcessor")
                    .getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
