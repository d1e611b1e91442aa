package io.idempo.messaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.IdempotencyContext;
import io.idempo.runtime.IdempotencyInProgressException;
import io.idempo.runtime.IdempotencyKeyMissingException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * The broker-neutral rules, without a broker: the ambient key and scope during the handler only, and which outcome
 * becomes which disposition. The broker tests prove the same rules end to end on RabbitMQ and the databases.
 */
class IdempotentConsumerTest {

    private static final ConsumerSettings SETTINGS = ConsumerSettings.named("ledger");
    private static final MessageBinder<String> TEXT = message -> new String(message.body(), StandardCharsets.UTF_8);

    @Test
    void theHandlerSeesTheMessageIdAsKeyAndTheConsumerAsScopeAndNothingOutlivesIt() {
        List<Optional<String>> seen = new CopyOnWriteArrayList<>();
        IdempotentConsumer<String> consumer = new IdempotentConsumer<>(SETTINGS, TEXT, (payload, message) -> {
            seen.add(IdempotencyContext.currentKey());
            seen.add(IdempotencyContext.currentPrincipal());
            throw new IllegalStateException("fails, and still clears the context");
        });
        consumer.consume(message("m-00000001", 0));
        assertEquals(List.of(Optional.of("m-00000001"), Optional.of("ledger")), seen);
        assertEquals(Optional.empty(), IdempotencyContext.currentKey());
        assertEquals(Optional.empty(), IdempotencyContext.currentPrincipal());
    }

    @Test
    void inProgressIsGivenBackAfterItsRetryAfterWithoutCountingAFailure() {
        IdempotentConsumer<String> consumer = new IdempotentConsumer<>(SETTINGS, TEXT, (payload, message) -> {
            throw new IdempotencyInProgressException("ledger.book", "m-00000001", Duration.ofSeconds(1), "busy",
                    null);
        });
        assertEquals(new Disposition.InProgress(Duration.ofSeconds(1)), consumer.consume(message("m-00000001", 4)));
    }

    @Test
    void aKeyFailureWrappedByAnInterceptorIsStillDeadLetteredAtOnce() {
        IdempotentConsumer<String> consumer = new IdempotentConsumer<>(SETTINGS, TEXT, (payload, message) -> {
            throw new RuntimeException("an EJB container's wrapper",
                    new IdempotencyKeyMissingException("ledger.book", "No idempotency key for action ledger.book"));
        });
        Disposition.DeadLetter dead = assertInstanceOf(Disposition.DeadLetter.class,
                consumer.consume(message(null, 0)));
        assertEquals(DeadLetterCode.KEY_MISSING, dead.code());
        assertEquals(1, dead.attempts());
    }

    @Test
    void failuresAreRetriedWithTheirCountUntilTheLastAttempt() {
        IdempotentConsumer<String> consumer = new IdempotentConsumer<>(SETTINGS, TEXT, (payload, message) -> {
            throw new IllegalStateException("down");
        });
        Disposition.Retry retry = assertInstanceOf(Disposition.Retry.class, consumer.consume(message("m-1", 2)));
        assertEquals(3, retry.attempts());
        assertEquals(Duration.ofSeconds(4), retry.delay());
        Disposition.DeadLetter dead = assertInstanceOf(Disposition.DeadLetter.class,
                consumer.consume(message("m-1", 4)));
        assertEquals(DeadLetterCode.HANDLER_FAILED, dead.code());
        assertEquals(5, dead.attempts());
        assertEquals("The handler failed 5 times; the last failure was java.lang.IllegalStateException: down",
                dead.reason());
    }

    @Test
    void aBinderThatBreaksDeadLettersTheMessageInsteadOfLosingIt() {
        IdempotentConsumer<String> consumer = new IdempotentConsumer<>(SETTINGS, message -> {
            throw new IllegalArgumentException("a bug in the binder");
        }, (payload, message) -> { });
        Disposition.DeadLetter dead = assertInstanceOf(Disposition.DeadLetter.class,
                consumer.consume(message("m-1", 0)));
        assertEquals(DeadLetterCode.BODY_UNBINDABLE, dead.code());
        assertTrue(dead.reason().endsWith("java.lang.IllegalArgumentException"), dead.reason());
    }

    private static ReceivedMessage message(String id, int attempts) {
        return new ReceivedMessage(id, "body".getBytes(StandardCharsets.UTF_8), "text/plain", Map.of(), attempts,
                false, "payments");
    }
}
