package io.idempo.runtime.record;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;

/**
 * The shipped DDL of the record table, as statements ready to run. Applications that manage their schema with
 * a migration tool copy {@link SqlDialect#schemaResource()} instead; this serves tests, demos and embedded
 * databases that create the table at startup.
 */
public final class RecordSchema {

    private static final String DEFAULT_INDEX = RecordStore.DEFAULT_TABLE + "_expires_at";

    private RecordSchema() {
    }

    /**
     * The CREATE statements for the table, named {@code table} instead of {@code idempo_record} (its index becomes
     * {@code <table>_expires_at}). They use IF NOT EXISTS, so running them again is harmless. On MySQL and MariaDB
     * DDL commits the current transaction: run them outside business transactions.
     */
    public static List<String> statements(SqlDialect dialect, String table) {
        TableName.validate(table);
        String ddl = withoutCommentLines(read(dialect.schemaResource()))
                .replaceAll("\\b" + DEFAULT_INDEX + "\\b",
                        Matcher.quoteReplacement(TableName.unqualified(table) + "_expires_at"))
                .replaceAll("\\b" + RecordStore.DEFAULT_TABLE + "\\b", Matcher.quoteReplacement(table));
        List<String> statements = new ArrayList<>();
        for (String statement : ddl.split(";")) {
            if (!statement.isBlank()) {
                statements.add(statement.strip());
            }
        }
        return statements;
    }

    /** The shipped files keep every comment on a line of its own, so dropping those lines drops every comment. */
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
        try (InputStream in = RecordSchema.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing from the classpath: the idempo-runtime jar"
                        + " is incomplete or repackaged without its resources");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read " + resource, e);
        }
    }
}
