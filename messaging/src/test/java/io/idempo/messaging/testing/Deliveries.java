package io.idempo.messaging.testing;

import io.idempo.messaging.MessageHandler;
import io.idempo.messaging.ReceivedMessage;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What a test's handler saw: every delivery, and the message ids whose handler returned (so that the listener
 * acks them). A test waits for all of its messages to be handled before it closes the listener, so that none is
 * still prefetched or in flight when it counts.
 */
public final class Deliveries {

    private final List<ReceivedMessage> seen = new CopyOnWriteArrayList<>();
    private final Set<String> handled = ConcurrentHashMap.newKeySet();
    private final AtomicInteger returned = new AtomicInteger();

    /** Wraps {@code handler}, recording each delivery and each message it returned for. */
    public <T> MessageHandler<T> recording(MessageHandler<T> handler) {
        return (payload, message) -> {
            seen.add(message);
            handler.handle(payload, message);
            handled.add(message.id());
            returned.incrementAndGet();
        };
    }

    /** Message ids whose handler returned at least once. */
    public int handled() {
        return handled.size();
    }

    /** Deliveries whose handler returned. */
    public int returned() {
        return returned.get();
    }

    public List<ReceivedMessage> seen() {
        return List.copyOf(seen);
    }
}
