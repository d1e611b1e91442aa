package io.idempo.jakarta;

/**
 * A CDI event fired once the engine is installed, when the web module starts: the moment from which
 * {@code @Idempotent} methods can run outside an HTTP request. Start message listeners and scheduled jobs here
 * ({@code void start(@Observes IdempotencyStarted started)}), not in an observer of the application scope's
 * initialisation, which a server may run before the engine is installed (Payara does).
 */
public record IdempotencyStarted() {
}
