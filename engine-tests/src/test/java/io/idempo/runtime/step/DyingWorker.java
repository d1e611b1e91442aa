package io.idempo.runtime.step;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.idempo.jsonb.JsonbResponseCodec;
import io.idempo.runtime.tx.JdbcTransactions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A second JVM that runs one charge step on a test's step table and provider, and is killed by the test inside the
 * call, after the provider charged and answered and before the answer is written: what a worker that crashes at the
 * worst moment leaves behind. It prints {@link #CHARGED} and the charge's id once it has the provider's answer, then
 * waits to be killed.
 */
final class DyingWorker {

    static final String CHARGED = "charged ";

    private DyingWorker() {
    }

    /** Arguments: database, step table, provider URL, owner (event id). */
    public static void main(String[] arguments) throws Exception {
        StepDatabase database = StepDatabase.valueOf(arguments[0]);
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(database.database.url);
        config.setUsername(database.database.user);
        config.setAutoCommit(false);
        config.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        ExternalSteps steps = ExternalSteps.builder(StepStore.builder(database.dialect).table(arguments[1]).build(),
                new JdbcTransactions(new HikariDataSource(config)), JsonbResponseCodec.create())
                .defaults(StepHarness.POLICY).build();
        ProviderClient provider = new ProviderClient(arguments[2]);
        steps.run(KilledWorkerTest.CHARGE, StepOwner.event(arguments[3]), key -> {
            Receipt receipt = provider.charge(key, KilledWorkerTest.AMOUNT);
            System.out.println(CHARGED + receipt.chargeId());
            System.out.flush();
            Thread.sleep(Long.MAX_VALUE);
            return receipt;
        });
    }

    /** Starts this class in a JVM of its own with the test's class path; its output goes to {@code log}. */
    static Process start(Path log, String... arguments) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), DyingWorker.class.getName()));
        command.addAll(List.of(arguments));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }
}
