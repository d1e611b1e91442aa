package io.idempo.example.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The runnable jar's environment variables, their defaults, and a clear refusal of bad values. */
class ProviderEnvironmentTest {

    @Test
    void nothingSetIsPort8090TheDefaultFolderNoWebhooksNoFaults() {
        ProviderSettings settings = ProviderEnvironment.read(Map.of("PROVIDER_URL", "ignored", "PROVIDER_PORT", " "));

        assertEquals(new InetSocketAddress(8090), settings.address());
        assertEquals(Storage.directory(Path.of("payment-provider-data")), settings.storage());
        assertEquals(Optional.empty(), settings.webhook());
        assertEquals(Faults.NONE, settings.faults());
        assertEquals(WebhookBackoff.DEFAULT, settings.backoff());
    }

    @Test
    void everyVariableIsRead() {
        ProviderSettings settings = ProviderEnvironment.read(Map.of(
                "PROVIDER_PORT", "0",
                "PROVIDER_DATA", "/tmp/provider-data",
                "PROVIDER_WEBHOOK_URL", "http://provider:provider@127.0.0.1:8080/api/payment-callbacks",
                "PROVIDER_FAULTS", "lose-response:0.3,fail-before:0.1,webhook-twice:0.5",
                "PROVIDER_SEED", "-42"));

        assertEquals(new InetSocketAddress(0), settings.address());
        assertEquals(Storage.directory(Path.of("/tmp/provider-data")), settings.storage());
        assertEquals(URI.create("http://127.0.0.1:8080/api/payment-callbacks"), settings.webhook().orElseThrow().uri());
        assertEquals(new Faults(0.3, 0.1, Duration.ZERO, 0.5), settings.faults());
        assertEquals(-42, settings.seed());
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', value = {
        "PROVIDER_PORT        | 65536        | PROVIDER_PORT must be a port from 0 to 65535, not \"65536\"",
        "PROVIDER_PORT        | http         | PROVIDER_PORT must be a port from 0 to 65535",
        "PROVIDER_FAULTS      | lose:1       | PROVIDER_FAULTS=lose:1: unknown fault \"lose\"",
        "PROVIDER_SEED        | 0x2a         | PROVIDER_SEED must be a whole number",
        "PROVIDER_WEBHOOK_URL | 127.0.0.1:80 | PROVIDER_WEBHOOK_URL: \"127.0.0.1:80\" is not a URL",
        "PROVIDER_WEBHOOK_URL | shop.test:80 | PROVIDER_WEBHOOK_URL: \"shop.test:80\" is not an http or https URL",
        "PROVIDER_DATA        | /tmp/a;b     | PROVIDER_DATA: the data folder /tmp/a;b has a ';'",
    })
    void aBadValueIsRefusedNamingTheVariable(String name, String value, String message) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> ProviderEnvironment.read(Map.of(name, value)));

        assertTrue(refused.getMessage().contains(message), refused::getMessage);
    }

    @Test
    void everyBadValueIsNamedAtOnce() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> ProviderEnvironment.read(Map.of("PROVIDER_PORT", "-1", "PROVIDER_FAULTS", "delay-ms:x",
                        "PROVIDER_SEED", "seed")));

        assertTrue(refused.getMessage().contains("PROVIDER_PORT"), refused::getMessage);
        assertTrue(refused.getMessage().contains("PROVIDER_FAULTS"), refused::getMessage);
        assertTrue(refused.getMessage().contains("PROVIDER_SEED"), refused::getMessage);
    }
}
