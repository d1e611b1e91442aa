package io.idempo.messaging;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One delivery as the handler sees it, whatever the broker: the properties that idempotency and dead letters need,
 * and the body. The body is the broker client's array, not a copy: do not change it.
 *
 * @param id          the message id set by the producer (AMQP {@code message_id}), or null: the key of a handler
 *                    whose {@code @Idempotent} method takes no key of its own
 * @param body        the raw body
 * @param contentType the producer's content type, or null
 * @param headers     the application headers, strings as {@code String}; never null
 * @param attempts    how many earlier deliveries of this message failed in a handler (the
 *                    {@link MessageHeaders#ATTEMPTS} header; 0 on the first delivery)
 * @param redelivered whether the broker delivered it before (a consumer died or gave it back unacknowledged)
 * @param source      the queue (or topic) it came from
 */
public record ReceivedMessage(String id, byte[] body, String contentType, Map<String, Object> headers, int attempts,
                              boolean redelivered, String source) {

    public ReceivedMessage {
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers)); // AMQP allows null values
    }
}
