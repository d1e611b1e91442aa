package io.idempo.messaging.outbox;

import io.idempo.outbox.OutboxEvent;
import io.idempo.outbox.PublishException;
import io.idempo.outbox.PublishResult;
import io.idempo.outbox.Publisher;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** A real publisher, counting what the broker confirmed through it: which relay did the work. */
final class CountingPublisher implements Publisher {

    private final Publisher delegate;
    final AtomicInteger confirmed = new AtomicInteger();

    CountingPublisher(Publisher delegate) {
        this.delegate = delegate;
    }

    @Override
    public PublishResult publish(List<OutboxEvent> events) throws PublishException {
        PublishResult result = delegate.publish(events);
        confirmed.addAndGet(result.confirmed().size());
        return result;
    }
}
