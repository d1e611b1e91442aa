package io.idempo.processor;

import java.util.Collection;
import javax.annotation.processing.Messager;
import javax.tools.Diagnostic;

/** Prints issues through javac's {@link Messager}, mapping stability warnings to the configured severity. */
final class Reporter {

    private final Messager messager;
    private final ProcessorOptions options;

    Reporter(Messager messager, ProcessorOptions options) {
        this.messager = messager;
        this.options = options;
    }

    /** Reports every issue; returns whether any of them was an error. */
    boolean report(Collection<Issue> issues) {
        boolean errors = false;
        for (Issue issue : issues) {
            Diagnostic.Kind kind = kindOf(issue.message());
            if (kind == null) {
                continue;
            }
            errors |= kind == Diagnostic.Kind.ERROR;
            messager.printMessage(kind, issue.text(), issue.element(), issue.annotation(), issue.value());
        }
        return errors;
    }

    void note(String text, javax.lang.model.element.Element element) {
        messager.printMessage(Diagnostic.Kind.NOTE, text, element);
    }

    private Diagnostic.Kind kindOf(Message message) {
        if (message.severity() == Message.Severity.ERROR) {
            return Diagnostic.Kind.ERROR;
        }
        return options.stabilityKind();
    }
}
