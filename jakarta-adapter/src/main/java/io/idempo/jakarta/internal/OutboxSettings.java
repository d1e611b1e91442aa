package io.idempo.jakarta.internal;

import java.time.Duration;

/**
 * The outbox, on with {@code idempo.outbox.enabled=true}: an injectable {@code Outbox} writing into {@code table}, the
 * relay that delivers its events when the application provides a {@code Publisher} bean, and the purge of sent events.
 *
 * @param table        the outbox table ({@code idempo.outbox.table})
 * @param relayEnabled whether to relay when a {@code Publisher} bean exists ({@code idempo.outbox.relay.enabled})
 * @param relayName    the relay's name in log lines ({@code idempo.outbox.relay.name})
 * @param batchSize    the most events per batch ({@code idempo.outbox.relay.batch-size})
 * @param pollInterval the wait after a drain that found nothing ({@code idempo.outbox.relay.poll-interval})
 * @param maxBackoff   the longest wait while the broker or the database is down
 *                     ({@code idempo.outbox.relay.max-backoff})
 * @param retention    how long sent events are kept; zero keeps them ({@code idempo.outbox.retention})
 */
record OutboxSettings(String table, boolean relayEnabled, String relayName, int batchSize, Duration pollInterval,
                      Duration maxBackoff, Duration retention) {
}
