package io.idempo.benchmarks.messaging;

import io.idempo.benchmarks.e2e.Stats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Messages per second consumed from RabbitMQ by a {@code RabbitListener} whose handler does one INSERT in a
 * PostgreSQL transaction: through an {@code @Idempotent} method (B) and plainly (A), alternating in one run.
 * Two series: unique messages (B's first calls), and redeliveries of completed messages (B replays them without
 * running; A, which cannot tell, does the work again). Ratios are B ÷ A per round pair; see docs/benchmarks.md.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.idempo.benchmarks.messaging.ConsumerThroughput
 * </pre>
 */
public final class ConsumerThroughput {

    /**
     * The run's settings, from system properties {@code bench.*}.
     *
     * @param outcomeLog whether the engine's per-call INFO line is written (to the console's stderr)
     */
    record Settings(int messages, int rounds, int consumers, String jdbcUrl, String jdbcUser, String amqpUri,
                    boolean outcomeLog) {

        static Settings fromSystemProperties() {
            return new Settings(Integer.getInteger("bench.messages", 5_000), Integer.getInteger("bench.rounds", 3),
                    Integer.getInteger("bench.consumers", 4),
                    System.getProperty("bench.jdbcUrl", "jdbc:postgresql://127.0.0.1:5432/test"),
                    System.getProperty("bench.jdbcUser", "postgres"),
                    System.getProperty("bench.amqpUri", "amqp://guest:guest@127.0.0.1:5672"),
                    Boolean.parseBoolean(System.getProperty("bench.outcomeLog", "true")));
        }
    }

    private ConsumerThroughput() {
    }

    public static void main(String[] args) throws Exception {
        Settings settings = Settings.fromSystemProperties();
        Logger outcomes = Logger.getLogger("io.idempo.outcome");
        outcomes.setLevel(settings.outcomeLog() ? Level.INFO : Level.WARNING);
        Logger.getLogger("io.idempo.messaging").setLevel(Level.WARNING);
        System.out.printf("settings: %s; load average at start: %s%n", settings, loadAverage());
        try (ConsumerRig rig = new ConsumerRig(settings)) {
            List<ConsumerRig.Message> completed = ConsumerRig.newMessages(settings.messages());
            // Warm-up, unmeasured: both handlers once; B's pass completes the messages redelivered later.
            rig.pass(ConsumerRig.Variant.PLAIN, ConsumerRig.newMessages(settings.messages()));
            rig.pass(ConsumerRig.Variant.IDEMPOTENT, completed);
            Series unique = new Series("unique messages");
            Series redelivered = new Series("redeliveries of completed messages");
            for (int round = 0; round < settings.rounds(); round++) {
                boolean plainFirst = round % 2 == 0;
                unique.measure(rig, plainFirst, ConsumerRig.newMessages(settings.messages()),
                        ConsumerRig.newMessages(settings.messages()));
                redelivered.measure(rig, plainFirst, completed, completed);
                System.out.printf("round %d: %s | %s; load average %s%n", round + 1, unique.last(),
                        redelivered.last(), loadAverage());
            }
            System.out.println();
            System.out.println("| series | A plain, msg/s | B idempotent, msg/s | B ÷ A (per round) |");
            System.out.println("|---|---|---|---|");
            System.out.println(unique.row());
            System.out.println(redelivered.row());
        }
    }

    private static String loadAverage() throws Exception {
        return Files.readString(Path.of("/proc/loadavg")).strip();
    }

    /** The rates of one series: A and B per round, measured back to back in alternating order. */
    private static final class Series {

        private final String name;
        private final List<Double> plain = new ArrayList<>();
        private final List<Double> idempotent = new ArrayList<>();

        Series(String name) {
            this.name = name;
        }

        void measure(ConsumerRig rig, boolean plainFirst, List<ConsumerRig.Message> forPlain,
                     List<ConsumerRig.Message> forIdempotent) throws Exception {
            if (plainFirst) {
                plain.add(rig.pass(ConsumerRig.Variant.PLAIN, forPlain));
                idempotent.add(rig.pass(ConsumerRig.Variant.IDEMPOTENT, forIdempotent));
            } else {
                idempotent.add(rig.pass(ConsumerRig.Variant.IDEMPOTENT, forIdempotent));
                plain.add(rig.pass(ConsumerRig.Variant.PLAIN, forPlain));
            }
        }

        String last() {
            int i = plain.size() - 1;
            return String.format("%s A %.0f B %.0f msg/s", name, plain.get(i), idempotent.get(i));
        }

        String row() {
            List<Double> ratios = new ArrayList<>();
            for (int i = 0; i < plain.size(); i++) {
                ratios.add(idempotent.get(i) / plain.get(i));
            }
            List<String> each = ratios.stream().map(ratio -> String.format("%.2f", ratio)).toList();
            return String.format("| %s | %.0f | %.0f | **%.2f** (%s) |", name, Stats.median(plain),
                    Stats.median(idempotent), Stats.median(ratios), String.join(", ", each));
        }
    }
}
