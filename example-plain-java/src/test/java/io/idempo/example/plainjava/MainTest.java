package io.idempo.example.plainjava;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.testing.database.DatabaseKind;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link Main} as the run command starts it: a JVM of its own, the built (woven) classes, the run-time class path and
 * the example's logging configuration, with nothing in the environment but what the test names.
 */
class MainTest {

    private static final Path CLASSES = Path.of(System.getProperty("example.classes"));
    private static final Path RUNTIME_CLASSPATH = Path.of(System.getProperty("example.runtime-classpath"));

    @Test
    void runsTheDemoOnItsDefaultsH2AndInJvmClaims() throws Exception {
        Run run = run(Map.of());

        assertEquals(0, run.exitCode, run.output);
        assertTrue(run.output.contains("dialect H2_POSTGRESQL_MODE, READ COMMITTED), claims in this JVM"), run.output);
        for (String outcome : List.of("first", "replayed", "key_reused", "in_progress")) {
            assertTrue(run.output.lines().anyMatch(line -> line.contains("[io.idempo.outcome] idempo action=")
                    && line.contains(" outcome=" + outcome + " ")), outcome + " in " + run.output);
        }
        assertTrue(run.output.contains("Done: every duplicate was answered without running the method again."),
                run.output);
    }

    /**
     * Hibernate's log of SQL errors is off; a real one still reaches the log, through the code that handles it. The
     * shop table exists here without its payment column, so placing the first order fails.
     */
    @Test
    void printsARealSqlError() throws Exception {
        try (ScratchDatabase scratch = ScratchDatabase.create(DatabaseKind.POSTGRESQL)) {
            scratch.execute("CREATE TABLE shop_order (id VARCHAR(36) PRIMARY KEY, order_key VARCHAR(255) NOT NULL,"
                    + " product VARCHAR(100) NOT NULL, quantity INT NOT NULL, amount_cents BIGINT NOT NULL,"
                    + " paid_cents BIGINT NOT NULL)");

            Run run = run(Map.of("DB_URL", scratch.url(), "DB_USER", scratch.user()));

            assertEquals(1, run.exitCode, run.output);
            assertTrue(run.output.contains("ERROR [io.idempo.example] The example failed"), run.output);
            assertTrue(run.output.contains("column \"payment\" of relation \"shop_order\" does not exist"), run.output);
            assertFalse(run.output.contains("[org.hibernate.engine.jdbc.spi.SqlExceptionHelper]"), run.output);
            assertEquals(0, scratch.count("SELECT COUNT(*) FROM idempo_record"), "the failed call left no record");
        }
    }

    private record Run(int exitCode, String output) {
    }

    private static Run run(Map<String, String> environment) throws IOException, InterruptedException {
        List<String> classpath = new ArrayList<>();
        classpath.add(CLASSES.toString());
        classpath.addAll(Arrays.asList(Files.readString(RUNTIME_CLASSPATH).strip().split(File.pathSeparator)));
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", String.join(File.pathSeparator, classpath), Main.class.getName())
                .redirectErrorStream(true);
        Path log = Files.createTempFile("idempo-example-main", ".log");
        builder.redirectOutput(log.toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("DB_") || name.startsWith("REDIS_"));
        builder.environment().putAll(environment);
        Process process = builder.start();
        try {
            boolean ended = process.waitFor(60, TimeUnit.SECONDS);
            String output = Files.readString(log, StandardCharsets.UTF_8);
            if (!ended) {
                throw new AssertionError("Main did not end within 60 s:\n" + output);
            }
            return new Run(process.exitValue(), output);
        } finally {
            process.destroyForcibly();
            Files.delete(log);
        }
    }
}
