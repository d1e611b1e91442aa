package io.idempo.runtime.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a DDL file shipped in an idempo jar (the record's in idempo-runtime, the outbox's in idempo-outbox) and turns
 * it into statements ready to run, for a table name of the caller's choice: the schema files are written for their
 * default table names, and their indexes are named after the table ({@code <table>_<suffix>}).
 */
public final class ShippedSchema {

    private ShippedSchema() {
    }

    /**
     * The statements of {@code resource}, with {@code defaultTable} renamed to {@code table} and each index
     * {@code <defaultTable>_<suffix>} to {@code <unqualified table>_<suffix>}. The shipped files keep every comment on
     * a line of its own and end each statement with {@code ;}.
     */
    public static List<String> statements(String resource, String defaultTable, String table) {
        TableName.validate(table);
        String ddl = withoutCommentLines(read(resource))
                .replaceAll("\\b" + Pattern.quote(defaultTable) + "_(\\w+)\\b",
                        Matcher.quoteReplacement(TableName.unqualified(table)) + "_$1")
                .replaceAll("\\b" + Pattern.quote(defaultTable) + "\\b", Matcher.quoteReplacement(table));
        List<String> statements = new ArrayList<>();
        for (String statement : ddl.split(";")) {
            if (!statement.isBlank()) {
                statements.add(statement.strip());
            }
        }
        return statements;
    }

    private static String withoutCommentLines(String ddl) {
        StringBuilder kept = new StringBuilder();
        for (String line : ddl.split("\n")) {
            if (!line.strip().startsWith("--")) {
                kept.append(line).append('\n');
            }
        }
        return kept.toString();
    }

    private static String read(String resource) {
        try (InputStream in = ShippedSchema.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing from the classpath: the idempo jar that"
                        + " ships it is incomplete or repackaged without its resources");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read " + resource, e);
        }
    }
}
