package io.idempo.messaging.outbox;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.idempo.messaging.rabbitmq.RabbitPublisher;
import io.idempo.messaging.testing.Databases;
import io.idempo.outbox.OutboxEvent;
import io.idempo.outbox.OutboxRelay;
import io.idempo.outbox.OutboxStore;
import io.idempo.outbox.PublishResult;
import io.idempo.outbox.Publisher;
import io.idempo.runtime.tx.JdbcTransactions;
import io.idempo.testing.database.DatabaseKind;
import io.idempo.testing.database.TestDatabase;
import io.idempo.testing.database.TestSchema;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A relay in a JVM of its own, for a test to kill: it relays batches as any relay does, and once the broker confirmed
 * its {@code n}-th batch it prints {@code CONFIRMED <ids>} and hangs before marking the batch sent, so that SIGKILL
 * lands between the confirms and the commit: the broker has the events, the table still says PENDING.
 */
public final class RelayProcess {

    private static final String CONFIRMED = "CONFIRMED ";

    private RelayProcess() {
    }

    /** Arguments: database kind, schema, AMQP URI, batch size, the batch to hang after. */
    public static void main(String[] args) throws Exception {
        DatabaseKind kind = DatabaseKind.valueOf(args[0]);
        TestSchema schema = TestDatabase.local(kind).schema(args[1]);
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(schema.url());
        config.setUsername(schema.user());
        config.setPassword(schema.password());
        config.setMaximumPoolSize(2);
        config.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        RabbitPublisher rabbit = RabbitPublisher.builder().uri(args[2]).connectionName("idempo-test-doomed-relay")
                .build();
        int hangAfter = Integer.parseInt(args[4]);
        int[] batches = new int[1];
        Publisher publisher = events -> {
            PublishResult result = rabbit.publish(events);
            if (++batches[0] == hangAfter) {
                System.out.println(CONFIRMED + events.stream().map(OutboxEvent::id).collect(Collectors.joining(",")));
                System.out.flush();
                sleepUntilKilled();
            }
            return result;
        };
        OutboxStore store = OutboxStore.builder(Databases.dialect(kind)).table(OutboxRig.TABLE).build();
        OutboxRelay.builder(store, new JdbcTransactions(new HikariDataSource(config)), publisher)
                .name("doomed").batchSize(Integer.parseInt(args[3])).pollInterval(Duration.ofMillis(100)).build()
                .start();
        sleepUntilKilled();
    }

    private static void sleepUntilKilled() {
        try {
            Thread.sleep(Duration.ofMinutes(5).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Starts the relay in a child JVM on this JVM's class path; its errors go to {@code target/relay-process.log}. */
    static Process start(OutboxRig rig, int batchSize, int hangAfter) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), RelayProcess.class.getName(),
                rig.kind.name(), rig.schema.name(), rig.broker.uri().toString().replaceAll("/$", "/%2F"),
                String.valueOf(batchSize), String.valueOf(hangAfter)));
        return new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.appendTo(Path.of("target", "relay-process.log").toFile()))
                .start();
    }

    /** Reads the child's output until it says the broker confirmed the batch it hangs on; returns that batch's ids. */
    static List<String> awaitConfirmedBatch(Process child) throws Exception {
        BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(),
                StandardCharsets.UTF_8));
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            if (line.startsWith(CONFIRMED)) {
                return List.of(line.substring(CONFIRMED.length()).split(","));
            }
        }
        throw new AssertionError("The relay process ended before the batch it was to hang on: see "
                + "target/relay-process.log");
    }
}
