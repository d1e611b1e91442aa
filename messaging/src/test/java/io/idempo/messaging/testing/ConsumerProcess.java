package io.idempo.messaging.testing;

import io.idempo.messaging.rabbitmq.RabbitListener;
import io.idempo.testing.database.DatabaseKind;
import io.idempo.testing.rabbitmq.RabbitBroker;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A consumer in a JVM of its own, for a test to kill: its handler books the message (the transaction commits),
 * prints {@code COMMITTED <message id>} and then hangs before the ack, so that SIGKILL lands exactly between the
 * commit and the ack.
 */
public final class ConsumerProcess {

    private static final String COMMITTED = "COMMITTED ";

    private ConsumerProcess() {
    }

    /** Arguments: database, claim mode, harness suffix, queue, consumer name. */
    public static void main(String[] args) throws Exception {
        LedgerHarness harness = LedgerHarness.attach(DatabaseKind.valueOf(args[0]), ClaimMode.valueOf(args[1]),
                args[2]);
        RabbitListener.builder(PaymentEvent.class)
                .uri(RabbitBroker.local().uri().toString())
                .queue(args[3])
                .consumerName(args[4])
                .handler((event, message) -> {
                    harness.ledger.book(event);
                    System.out.println(COMMITTED + message.id());
                    System.out.flush();
                    Thread.sleep(Duration.ofMinutes(5).toMillis()); // killed here, before the ack
                })
                .start();
        Thread.sleep(Duration.ofMinutes(5).toMillis());
    }

    /** Starts the consumer in a child JVM on this JVM's class path. */
    public static Process start(LedgerHarness harness, DatabaseKind kind, ClaimMode mode, String queue,
                                String consumerName) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), ConsumerProcess.class.getName(),
                kind.name(), mode.name(), harness.suffix, queue, consumerName));
        return new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.appendTo(new File("target", "consumer-process.log")))
                .start();
    }

    /** Reads the child's output until it says it committed a message; returns that message's id. */
    public static String awaitCommitted(Process child) throws Exception {
        BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(),
                StandardCharsets.UTF_8));
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            if (line.startsWith(COMMITTED)) {
                return line.substring(COMMITTED.length());
            }
        }
        throw new AssertionError("The consumer process ended without committing a message");
    }
}
