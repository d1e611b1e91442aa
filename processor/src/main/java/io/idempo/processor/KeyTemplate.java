package io.idempo.processor;

import java.util.List;

/**
 * A parsed and resolved key template such as {@code "{callback.channelTxnId}:settle"}.
 *
 * @param text  the template as written
 * @param parts literals and placeholders, in order
 */
record KeyTemplate(String text, List<Part> parts) {

    sealed interface Part {
    }

    record Literal(String text) implements Part {
    }

    record Placeholder(PathResolver.ResolvedPath path, ScalarKind kind) implements Part {
    }
}
