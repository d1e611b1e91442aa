package io.idempo.messaging.outbox;

import io.idempo.runtime.spi.OutboxEvent;
import io.idempo.runtime.spi.PublishException;
import io.idempo.runtime.spi.PublishResult;
import io.idempo.runtime.spi.Publisher;
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
