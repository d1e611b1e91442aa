package io.idempo.example.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.idempo.testing.database.TestDatabase;
import io.idempo.testing.http.ApiClient;
import io.idempo.testing.http.ApiResponse;
import io.idempo.testing.server.ChildProcessServer;
import io.idempo.testing.server.PayaraMicroServer;
import io.idempo.testing.server.WildFlyServer;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * No request ever runs under another request's idempotency context, whichever way the earlier one ended: on each
 * server with ONE request thread, alice's request fails with an error no mapper handles (after the adapter opened
 * her context: her key, her principal), and bob's next requests, on the same thread, see no context and cannot
 * write under her key. Two things close a request's context: the adapter's JAX-RS response filter (Jersey and
 * RESTEasy both run it for such a failure) and its servlet-level boundary, which clears the thread before and after
 * every request whatever the JAX-RS runtime does. Measured on both servers: either one alone passes this test, and
 * with both taken out it fails (bob sees alice's key); the boundary alone is also covered by
 * {@code IdempotencyContextBoundaryTest}.
 */
class ContextBoundaryIT {

    private static final String ORDER = "{\"productId\":4711,\"quantity\":1,\"amount\":100}";

    @RegisterExtension
    static final PayaraMicroServer payara = ExampleApp.onPayara().withHttpThreads(1)
            .withEnv(ExampleApp.DEMO_FAULTS, "true").named("ContextBoundaryIT-payara");

    @RegisterExtension
    static final WildFlyServer wildFly = ExampleApp.onWildFly(TestDatabase.postgresql()).withHttpThreads(1)
            .withEnv(ExampleApp.DEMO_FAULTS, "true").named("ContextBoundaryIT-wildfly");

    static Stream<ChildProcessServer<?>> servers() {
        return Stream.of(payara, wildFly);
    }

    @ParameterizedTest
    @MethodSource("servers")
    void aFailureNoMapperHandlesLeavesNoContextOnItsThread(ChildProcessServer<?> server) {
        ApiClient alice = server.client("alice");
        ApiClient bob = server.client("bob");
        String thread = bob.get("/api/demo/context").json().get("thread").asText();
        String alicesKey = ApiClient.newKey();

        ApiResponse failed = alice.post("/api/demo/unmapped-failure", "{}", alicesKey);
        assertEquals(500, failed.status(), failed.toString());

        JsonNode seen = bob.get("/api/demo/context").json();
        assertEquals(thread, seen.get("thread").asText(), "one request thread serves every request");
        assertTrue(seen.get("key").isNull(), "bob sees alice's key: " + seen);
        assertTrue(seen.get("principal").isNull(), "bob sees alice's principal: " + seen);

        ApiResponse keyless = bob.post("/api/orders", ORDER);
        assertEquals(400, keyless.status(), "a write without a key of its own must not run under alice's key: "
                + keyless);
        assertEquals("IDEMPOTENCY_KEY_MISSING", keyless.problemCode(), keyless.toString());
        ApiResponse alicesOwn = alice.post("/api/orders", ORDER, alicesKey);
        assertEquals(201, alicesOwn.status(), "alice's key is still unused: " + alicesOwn);
        assertTrue(alicesOwn.header("Idempotent-Replayed").isEmpty(), alicesOwn.toString());
    }
}
