package io.idempo.jakarta.internal;

import jakarta.json.spi.JsonProvider;

/**
 * The JSON-P provider, looked up once per deployment. {@code jakarta.json.Json}'s static methods look the provider
 * up again on every call (a {@code ServiceLoader} scan of the application's class path), which the edge replay and
 * the stored answers would pay several times per request.
 */
final class JsonProcessing {

    static final JsonProvider JSON = JsonProvider.provider();

    private JsonProcessing() {
    }
}
