package io.idempo.testing.server;

import io.idempo.testing.database.TestSchema;
import io.idempo.testing.http.ApiClient;
import io.idempo.testing.http.ApiResponse;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

/**
 * What a {@link ChildProcessServer} needs to know about the application it runs, given by the suite that tests it:
 * the harness itself knows no application. One implementation per application holds its readiness, its users and
 * the names of its configuration variables.
 */
public interface AppProfile {

    /** The WAR to deploy; asked when a server starts, so that a missing build fails the start, not the class. */
    Path war();

    /** Where each server gets a directory ({@code <name>/}, deleted after the stop) and a log ({@code <name>.log}). */
    Path workDirectory();

    /** The users a test may act as, with their passwords; the first is the one readiness is probed as. */
    Map<String, String> users();

    /**
     * One readiness probe: the server is ready once it answers 2xx (the application deployed, its database reachable
     * and its tables created, say). An {@link java.io.UncheckedIOException} means "not listening yet".
     */
    ApiResponse probeReadiness(ApiClient client);

    /**
     * Variables of the test JVM's environment that would change the application's configuration if the server
     * inherited them: they are removed.
     */
    Set<String> configurationVariables();

    /** The variables that point the application at {@code schema}. */
    Map<String, String> databaseEnvironment(TestSchema schema);

    /** The variables that point the application at the Redis at {@code url}, under {@code prefix} (null: none). */
    Map<String, String> redisEnvironment(String url, String prefix);
}
