package io.idempo.example.demo;

import io.idempo.example.config.ExampleSettings;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.ext.Provider;
import java.util.logging.Logger;

/**
 * Demo-only, with {@code IDEMPO_DEMO_FAULTS=true}: {@code X-Demo-Delay-After-Commit-Ms: N} holds the answer back
 * for N ms (at most 60 s) after the resource method has returned, so after the business transaction committed
 * and before the client hears anything. A crash in that window is the one that tells "the retry replays" from
 * "the retry runs again": the work is done, but the client cannot know.
 */
@Provider
public class DemoDelayAfterCommit implements ContainerResponseFilter {

    public static final String HEADER = "X-Demo-Delay-After-Commit-Ms";

    private static final Logger LOG = Logger.getLogger("io.idempo.example.demo");

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        if (!ExampleSettings.current().demoFaults()) {
            return;
        }
        long delay = DemoFaults.delayMillis(request.getHeaderString(HEADER));
        if (delay > 0) {
            LOG.info(() -> "demo fault: holding the answer back by " + delay + " ms after the commit, as " + HEADER
                    + " asked");
            try {
                Thread.sleep(delay);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
