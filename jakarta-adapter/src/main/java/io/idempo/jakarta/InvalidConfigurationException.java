package io.idempo.jakarta;

/** A configuration value the adapter cannot use; the deployment fails with a message naming the key. */
public final class InvalidConfigurationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** @param message names the key, the value found, what was expected and where to set it */
    public InvalidConfigurationException(String message) {
        super(message);
    }
}
