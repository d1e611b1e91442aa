package io.idempo.example.provider;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.util.Optional;

/**
 * How a {@link PaymentProvider} runs. {@link #embedded()} is the start for one inside another JVM or a test; the
 * runnable jar reads them from its environment ({@link ProviderEnvironment}).
 *
 * @param address where it listens (port 0: a free port, which {@link PaymentProvider#baseUri()} tells)
 * @param storage where it keeps its charges and pending webhooks
 * @param webhook where it sends a webhook after each charge; none: no webhooks
 * @param backoff when it sends a webhook again that was not answered 2xx
 * @param faults  what it gets wrong on purpose
 * @param seed    the seed of the faults' dice
 */
public record ProviderSettings(InetSocketAddress address, Storage storage, Optional<WebhookTarget> webhook,
                               WebhookBackoff backoff, Faults faults, long seed) {

    /** On a free port of the loopback address, in memory, no webhooks, no faults, a random seed. */
    public static ProviderSettings embedded() {
        return new ProviderSettings(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), Storage.inMemory(),
                Optional.empty(), WebhookBackoff.DEFAULT, Faults.NONE, new SecureRandom().nextLong());
    }

    public ProviderSettings withAddress(InetSocketAddress address) {
        return new ProviderSettings(address, storage, webhook, backoff, faults, seed);
    }

    public ProviderSettings withStorage(Storage storage) {
        return new ProviderSettings(address, storage, webhook, backoff, faults, seed);
    }

    public ProviderSettings withWebhook(WebhookTarget webhook) {
        return new ProviderSettings(address, storage, Optional.of(webhook), backoff, faults, seed);
    }

    public ProviderSettings withBackoff(WebhookBackoff backoff) {
        return new ProviderSettings(address, storage, webhook, backoff, faults, seed);
    }

    public ProviderSettings withFaults(Faults faults) {
        return new ProviderSettings(address, storage, webhook, backoff, faults, seed);
    }

    public ProviderSettings withSeed(long seed) {
        return new ProviderSettings(address, storage, webhook, backoff, faults, seed);
    }
}
