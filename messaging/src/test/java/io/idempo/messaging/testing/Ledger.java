package io.idempo.messaging.testing;

import io.idempo.Idempotent;
import io.idempo.runtime.IdempotencyContext;
import io.idempo.runtime.tx.JdbcTransactions;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The woven fixture: a service whose {@code @Idempotent} methods the test build compiles with the processor and
 * weaves with the aspect, as a user's build would. Each call writes one effect row in the engine's transaction,
 * naming the consumer (the scope), and counts how often its body really ran.
 */
public class Ledger {

    /** Runs inside the method after its write: a test's delay or failure. */
    @FunctionalInterface
    public interface Step {
        void run(PaymentEvent event) throws Exception;
    }

    private final JdbcTransactions transactions;
    private final String effectsTable;
    private final AtomicInteger executions = new AtomicInteger();
    private volatile Step afterWrite = event -> { };

    public Ledger(JdbcTransactions transactions, String effectsTable) {
        this.transactions = transactions;
        this.effectsTable = effectsTable;
    }

    /** Keyed by the business key on the payload: the same event under several message ids is settled once. */
    @Idempotent(action = "ledger.settle", key = "{event.channelTxnId}:{event.status}", noResult = true)
    public void settle(PaymentEvent event) throws Exception {
        write(event);
    }

    /** Keyed by the message id, which the listener makes the ambient key. */
    @Idempotent(action = "ledger.book", noResult = true)
    public void book(PaymentEvent event) throws Exception {
        write(event);
    }

    public int executions() {
        return executions.get();
    }

    public void afterWrite(Step step) {
        this.afterWrite = step;
    }

    private void write(PaymentEvent event) throws Exception {
        executions.incrementAndGet();
        try (PreparedStatement insert = transactions.currentConnection().prepareStatement("INSERT INTO "
                + effectsTable + " (id, event_key, consumer, amount) VALUES (?, ?, ?, ?)")) {
            insert.setString(1, UUID.randomUUID().toString());
            insert.setString(2, event.channelTxnId() + ":" + event.status());
            insert.setString(3, IdempotencyContext.currentPrincipal().orElse("-"));
            insert.setBigDecimal(4, event.amount());
            insert.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("The effect row could not be written", e);
        }
        afterWrite.run(event);
    }
}
