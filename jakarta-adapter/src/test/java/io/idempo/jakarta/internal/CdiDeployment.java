package io.idempo.jakarta.internal;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jboss.weld.environment.se.Weld;

/** A CDI container with the adapter's extension and interceptor and the given beans, as a deployment would have. */
public final class CdiDeployment {

    private CdiDeployment() {
    }

    public static Weld of(Class<?>... beans) {
        return new Weld().disableDiscovery()
                .addExtension(new IdempotencyExtension())
                .addBeanClasses(IdempotencyInterceptor.class)
                .addBeanClasses(beans);
    }

    /** The deployment of {@code beans} fails, and its messages contain {@code expected}. */
    public static void assertFails(String expected, Class<?>... beans) {
        RuntimeException failure = assertThrows(RuntimeException.class, () -> of(beans).initialize().shutdown());
        String messages = messages(failure);
        assertTrue(messages.contains(expected), messages);
    }

    private static String messages(Throwable failure) {
        StringBuilder text = new StringBuilder();
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            text.append(cause.getMessage()).append('\n');
            for (Throwable suppressed : cause.getSuppressed()) {
                text.append(messages(suppressed));
            }
        }
        return text.toString();
    }
}
