package io.idempo.messaging.example;

import io.idempo.jsonb.JsonbResponseCodec;
import io.idempo.messaging.rabbitmq.RabbitListener;
import io.idempo.runtime.Idempotency;
import io.idempo.runtime.IdempotencyEngine;
import io.idempo.runtime.record.RecordStore;
import io.idempo.runtime.record.SqlDialect;
import io.idempo.runtime.tx.JdbcTransactions;
import java.io.IOException;
import javax.sql.DataSource;

/**
 * A plain-Java consumer of provider events, as {@code docs/messaging.md} shows it: the engine installed once, then a
 * listener whose handler calls the woven {@link Settlements#settle}. Closing it stops the listener and uninstalls
 * the engine.
 */
public final class PaymentsConsumer implements AutoCloseable {

    private final IdempotencyEngine engine;
    private final Idempotency.Installation installation;
    private final RabbitListener listener;

    private PaymentsConsumer(IdempotencyEngine engine, Idempotency.Installation installation,
                             RabbitListener listener) {
        this.engine = engine;
        this.installation = installation;
        this.listener = listener;
    }

    public static PaymentsConsumer start(DataSource dataSource, SqlDialect dialect, String amqpUri, String queue)
            throws IOException {
        JdbcTransactions transactions = new JdbcTransactions(dataSource);
        IdempotencyEngine engine = IdempotencyEngine.builder()
                .recordStore(RecordStore.builder(dialect).build())
                .transactions(transactions)        // no transaction around the handler: the engine begins one
                .responseCodec(JsonbResponseCodec.create())
                .build();
        Idempotency.Installation installation = Idempotency.install(engine);
        Settlements settlements = new Settlements(transactions);
        RabbitListener listener = RabbitListener.builder(ProviderEvent.class)
                .uri(amqpUri)                      // amqp://guest:guest@127.0.0.1:5672
                .queue(queue)                      // declared durable, with <queue>.dead beside it
                .consumerName("ledger")            // the idempotency scope
                .consumers(2)
                .handler((event, message) -> settlements.settle(event))
                .start();
        return new PaymentsConsumer(engine, installation, listener);
    }

    @Override
    public void close() {
        listener.close();
        installation.close();
        engine.close();
    }
}
