package io.idempo.example.provider;

import static io.idempo.example.provider.Providers.CHARGES;
import static io.idempo.example.provider.Providers.body;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.idempo.testing.ChildProcesses;
import io.idempo.testing.http.ApiClient;
import io.idempo.testing.http.ApiResponse;
import io.idempo.testing.net.LoopbackPorts;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runnable jar as the shop's end-to-end tests run it: {@code java -jar} as a child process configured by its
 * environment, SIGKILLed by its PID right after a charge, and started again on the same data folder.
 */
class RunnableJarIT {

    private static final Path JAR = Path.of(System.getProperty("provider.jar",
            "target/idempo-example-payment-provider.jar"));
    private static final Duration START_TIMEOUT = Duration.ofSeconds(30);
    /** 128 + 9: the exit status of a process SIGKILL ended. */
    private static final int KILLED = 137;

    @TempDir
    Path work;

    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void killWhatIsLeft() {
        started.stream().filter(Process::isAlive).forEach(process -> ChildProcesses.kill(process, "payment provider"));
    }

    @Test
    void aKilledProviderStartsAgainWithItsChargesAndSendsItsPendingWebhooks() throws Exception {
        List<Integer> ports = LoopbackPorts.free(2);
        int port = ports.get(0);
        int shopPort = ports.get(1);
        Map<String, String> environment = Map.of(
                "PROVIDER_PORT", Integer.toString(port),
                "PROVIDER_DATA", work.resolve("data").toString(),
                "PROVIDER_WEBHOOK_URL", WebhookReceiver.url("provider:provider", shopPort),
                "PROVIDER_SEED", "7");
        ApiClient client = ApiClient.at(URI.create("http://127.0.0.1:" + port), null, null);

        Process first = launch(environment, port, "first.log");
        List<String> made = new ArrayList<>();
        for (int order = 1; order <= 20; order++) {
            made.add(client.post(CHARGES, body(order, 100), "k-jar-" + order).body());
        }
        ApiResponse charged = client.post(CHARGES, body(51, 5100), "k-jar");
        assertEquals(200, charged.status(), charged::toString);
        made.add(charged.body());
        ChildProcesses.kill(first, "payment provider");
        assertEquals(KILLED, first.exitValue(), "ended by SIGKILL");

        try (WebhookReceiver shop = WebhookReceiver.on(shopPort)) {
            launch(environment, port, "second.log");

            assertEquals("[" + String.join(",", made) + "]", client.get(CHARGES).body(),
                    "every charge answered before the kill is kept");
            ApiResponse replay = client.post(CHARGES, body(51, 5100), "k-jar");
            assertEquals(200, replay.status(), replay::toString);
            assertEquals(Optional.of("true"), replay.header("Idempotent-Replayed"));
            assertArrayEquals(charged.bodyBytes(), replay.bodyBytes());

            List<WebhookReceiver.Received> webhooks = shop.awaitAccepted(made.size());
            Set<String> callbacks = new HashSet<>();
            for (String charge : made) {
                JsonNode json = new ObjectMapper().readTree(charge);
                callbacks.add("{\"channelTxnId\":\"" + json.get("id").asText() + "\",\"orderId\":"
                        + json.get("orderId").asLong() + ",\"amount\":" + json.get("amount").asLong()
                        + ",\"status\":\"SUCCESS\"}");
            }
            assertEquals(callbacks, webhooks.stream().map(WebhookReceiver.Received::body).collect(Collectors.toSet()),
                    "a webhook for each charge, pending when the provider was killed");
            String basic = "Basic " + Base64.getEncoder().encodeToString("provider:provider".getBytes(
                    StandardCharsets.UTF_8));
            assertTrue(webhooks.stream().allMatch(webhook -> basic.equals(webhook.authorization())),
                    webhooks::toString);
        }
        assertTrue(log("first.log").contains("key=k-jar order=51 amount=5100"
                + " outcome=charged"), () -> log("first.log"));
        Eventually.until(() -> log("second.log").contains("outcome=delivered"), START_TIMEOUT,
                () -> log("second.log"));
    }

    @Test
    void aBadVariableStopsTheStartWithExitCode2AndSaysWhy() {
        ChildProcesses.Output output = ChildProcesses.run(List.of("env", "PROVIDER_PORT=0",
                "PROVIDER_FAULTS=lose-response:2", java(), "-jar", JAR.toString()), START_TIMEOUT);

        assertEquals(2, output.exitCode(), output.text());
        assertTrue(output.text().contains("payment provider: PROVIDER_FAULTS=lose-response:2: lose-response takes a"
                + " probability from 0 to 1"), output.text());
    }

    /** Starts the jar with {@code environment} (and no other PROVIDER_ variable) until it accepts on {@code port}. */
    private Process launch(Map<String, String> environment, int port, String log) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(java(), "-jar", JAR.toString())
                .directory(work.toFile())
                .redirectErrorStream(true)
                .redirectOutput(work.resolve(log).toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("PROVIDER_"));
        builder.environment().putAll(environment);
        Process process = builder.start();
        started.add(process);
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (!LoopbackPorts.accepts(port)) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                fail("the provider (pid " + process.pid() + ") did not start: " + log(log));
            }
            ChildProcesses.pause(50);
        }
        return process;
    }

    private String log(String name) {
        try {
            return Files.readString(work.resolve(name));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
