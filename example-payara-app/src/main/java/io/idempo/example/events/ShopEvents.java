package io.idempo.example.events;

import io.idempo.example.orders.Order;
import io.idempo.example.payments.Payment;
import io.idempo.outbox.Outbox;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;

/**
 * The shop's events, written through the outbox in the transaction of the call that causes them, and relayed to
 * RabbitMQ when {@code RABBITMQ_URL} is set ({@link RabbitEvents}). FIXED CONTRACT: the durable topic exchange
 * {@value #EXCHANGE}, the event's type as routing key, the event id as AMQP {@code message_id}, and a JSON body
 * ({@link ShopEvent}) with at least {@code eventId}, {@code type}, {@code orderId} and {@code amount}. The aggregate
 * is the order: its ORDER_PLACED is delivered before its PAYMENT_SUCCEEDED.
 */
@ApplicationScoped
public class ShopEvents {

    public static final String EXCHANGE = "idempo.events";
    public static final String ORDER_PLACED = "ORDER_PLACED";
    public static final String PAYMENT_SUCCEEDED = "PAYMENT_SUCCEEDED";

    private final Jsonb jsonb = JsonbBuilder.create();

    @Inject
    Outbox outbox;

    /** In the transaction that placed {@code order}, after it was flushed (it has its id). */
    public String orderPlaced(Order order) {
        return publish(ORDER_PLACED, order.getId(), order.getAmount());
    }

    /** In the transaction that moved the order from PENDING to PAID. */
    public String paymentSucceeded(Payment payment) {
        return publish(PAYMENT_SUCCEEDED, payment.getOrderId(), payment.getAmount());
    }

    private String publish(String type, long orderId, long amount) {
        return outbox.publish(EXCHANGE, type, Long.toString(orderId),
                eventId -> jsonb.toJson(new ShopEvent(eventId, type, orderId, amount)));
    }
}
