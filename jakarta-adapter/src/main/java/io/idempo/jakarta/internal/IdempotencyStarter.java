package io.idempo.jakarta.internal;

import jakarta.enterprise.inject.spi.CDI;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterRegistration;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;
import java.util.EnumSet;

/**
 * Starts the engine when the web module starts and stops it when the module stops, and puts the
 * {@link IdempotencyContextBoundary} in front of every request. A servlet listener rather than a CDI
 * {@code @Initialized(ApplicationScoped.class)} observer: Payara runs such observers of library jars without the
 * web module's naming context, so the resource injections of {@link IdempotencyBootstrap} fail there, while a
 * listener always runs inside it.
 */
@WebListener
public class IdempotencyStarter implements ServletContextListener {

    static final String BOUNDARY_FILTER = "idempo-context-boundary";

    @Override
    public void contextInitialized(ServletContextEvent event) {
        FilterRegistration.Dynamic boundary = event.getServletContext().addFilter(BOUNDARY_FILTER,
                IdempotencyContextBoundary.class);
        if (boundary != null) { // null: a filter of that name is already registered (a web.xml of the application)
            boundary.setAsyncSupported(true);
            // Before the filters the application declares (isMatchAfter = false): the outermost one.
            boundary.addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), false, "/*");
        }
        CDI.current().select(IdempotencyBootstrap.class).get().start();
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        CDI.current().select(IdempotencyBootstrap.class).get().stop();
    }
}
