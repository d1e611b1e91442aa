package io.idempo.example.e2e;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.testing.server.PayaraMicroServer;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A bad configuration value fails the deployment, with a message that names the key (docs/jakarta.md, "A bad value
 * fails the deployment with a message naming the key"): {@code IDEMPO_TTL=banana} is {@code idempo.ttl} through
 * MicroProfile Config's environment variable rule.
 */
class BadConfigurationIT {

    @RegisterExtension
    static final PayaraMicroServer server = ExampleApp.onPayara().withEnv("IDEMPO_TTL", "banana")
            .expectingDeploymentFailure();

    @Test
    void aBadTtlFailsTheDeploymentNamingTheKey() {
        String log = server.deploymentFailure();
        List<String> named = log.lines().filter(line -> line.contains("idempo.ttl")).toList();
        assertFalse(named.isEmpty(), "a log line names idempo.ttl:\n" + log);
        String message = String.join("\n", named);
        assertTrue(message.contains("banana"), message);
        assertTrue(message.contains("ISO-8601") || message.contains("duration"), "says what is expected: " + message);
        assertTrue(message.contains("IDEMPO_TTL"), "names the environment variable too: " + message);
        assertFalse(log.contains("idempo started"), "the engine did not start");
    }
}
