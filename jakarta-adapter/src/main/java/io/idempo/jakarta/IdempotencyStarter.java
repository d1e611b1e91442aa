package io.idempo.jakarta;

import jakarta.enterprise.inject.spi.CDI;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;

/**
 * Starts the engine when the web module starts and stops it when the module stops. A servlet listener rather than
 * a CDI {@code @Initialized(ApplicationScoped.class)} observer: Payara runs such observers of library jars without
 * the web module's naming context, so the resource injections of {@link IdempotencyBootstrap} fail there, while
 * a listener always runs inside it.
 */
@WebListener
public class IdempotencyStarter implements ServletContextListener {

    @Override
    public void contextInitialized(ServletContextEvent event) {
        CDI.current().select(IdempotencyBootstrap.class).get().start();
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        CDI.current().select(IdempotencyBootstrap.class).get().stop();
    }
}
