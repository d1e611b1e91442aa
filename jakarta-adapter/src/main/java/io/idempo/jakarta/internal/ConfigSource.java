package io.idempo.jakarta.internal;

import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * Where configuration values come from: MicroProfile Config when the server provides it (it already covers
 * system properties and environment variables), otherwise system properties, then environment variables named by
 * MicroProfile's rule ({@code idempo.redis.address} is {@code IDEMPO_REDIS_ADDRESS}).
 */
final class ConfigSource {

    private final Function<String, Optional<String>> lookup;

    private ConfigSource(Function<String, Optional<String>> lookup) {
        this.lookup = lookup;
    }

    /**
     * MicroProfile Config if its API is on the class path and an implementation answers (an application may ship
     * the API alone: {@code getConfig()} then throws IllegalStateException), else system properties and the
     * environment. Not a library the adapter may or may not ship: MicroProfile Config is the server's (a provided
     * API), and whether the server has it is what this asks.
     */
    static ConfigSource detect() {
        try {
            Class.forName("org.eclipse.microprofile.config.ConfigProvider", false,
                    ConfigSource.class.getClassLoader());
            return MicroProfileConfigSource.create();
        } catch (ClassNotFoundException | LinkageError | IllegalStateException e) {
            return systemPropertiesAndEnvironment();
        }
    }

    static ConfigSource systemPropertiesAndEnvironment() {
        return new ConfigSource(key -> Optional.ofNullable(System.getProperty(key))
                .or(() -> Optional.ofNullable(System.getenv(environmentName(key)))));
    }

    static ConfigSource of(Function<String, Optional<String>> lookup) {
        return new ConfigSource(lookup);
    }

    Optional<String> get(String key) {
        return lookup.apply(key).map(String::trim).filter(value -> !value.isEmpty());
    }

    static String environmentName(String key) {
        return key.replaceAll("[^A-Za-z0-9]", "_").toUpperCase(Locale.ROOT);
    }

    /** Kept apart so that the MicroProfile classes are only loaded when present. */
    private static final class MicroProfileConfigSource {
        static ConfigSource create() {
            org.eclipse.microprofile.config.Config config =
                    org.eclipse.microprofile.config.ConfigProvider.getConfig();
            return new ConfigSource(key -> config.getOptionalValue(key, String.class));
        }
    }
}
