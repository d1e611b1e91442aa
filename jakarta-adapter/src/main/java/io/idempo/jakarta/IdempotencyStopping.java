package io.idempo.jakarta;

/**
 * A CDI event fired when the web module stops, before the engine is removed: stop message listeners and scheduled
 * jobs here, so that no message or tick reaches an {@code @Idempotent} method without an engine.
 */
public record IdempotencyStopping() {
}
