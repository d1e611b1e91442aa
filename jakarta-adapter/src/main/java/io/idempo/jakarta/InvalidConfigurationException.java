package io.idempo.jakarta;

/** A configuration value the adapter cannot use; the deployment fails with a message naming the key. */
public final class InvalidConfigurationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    InvalidConfigurationException(String key, String value, String expected) {
        super("Invalid idempo configuration: " + key + " = \"" + value + "\"; expected " + expected
                + " (set it in microprofile-config.properties, as a system property, or as the environment variable "
                + ConfigSource.environmentName(key) + ")");
    }
}
