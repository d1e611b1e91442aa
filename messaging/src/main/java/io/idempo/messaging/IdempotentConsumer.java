package io.idempo.messaging;

import io.idempo.runtime.IdempotencyContext;
import io.idempo.runtime.IdempotencyException;
import io.idempo.runtime.IdempotencyInProgressException;
import io.idempo.runtime.IdempotencyKeyInvalidException;
import io.idempo.runtime.IdempotencyKeyMissingException;
import io.idempo.runtime.IdempotencyKeyReusedException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Handles one message as one idempotent call, whatever the broker: checks the body's size, binds it, runs the
 * handler with the message id as the ambient key and the consumer's name as the scope, and says what the
 * container must do with the message. It never throws: every outcome is a {@link Disposition}.
 *
 * <ul>
 *   <li>The handler returned, after a first run or a replay: {@link Disposition.Handled}.</li>
 *   <li>Another delivery of the same key is still running: {@link Disposition.InProgress}, not a failure.</li>
 *   <li>A body that is too large or does not bind, a key that is missing, invalid or reused: a
 *       {@link Disposition.DeadLetter} at once, since a redelivery cannot end otherwise.</li>
 *   <li>Any other failure: {@link Disposition.Retry} until the consumer's attempts are used up, then a dead
 *       letter with {@link DeadLetterCode#HANDLER_FAILED}.</li>
 * </ul>
 *
 * @param <T> the payload type
 */
public final class IdempotentConsumer<T> {

    /** The dead letter's reason quotes at most this much of the handler's exception message. */
    private static final int MAX_QUOTED_MESSAGE = 300;

    private final ConsumerSettings settings;
    private final MessageBinder<T> binder;
    private final MessageHandler<T> handler;

    public IdempotentConsumer(ConsumerSettings settings, MessageBinder<T> binder, MessageHandler<T> handler) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.binder = Objects.requireNonNull(binder, "binder");
        this.handler = Objects.requireNonNull(handler, "handler");
    }

    public ConsumerSettings settings() {
        return settings;
    }

    /** Runs the message through the binder and the handler; the answer says whether to ack, retry or give it up. */
    public Disposition consume(ReceivedMessage message) {
        int thisAttempt = message.attempts() + 1;
        if (message.body().length > settings.maxBodyBytes()) {
            return new Disposition.DeadLetter(DeadLetterCode.BODY_TOO_LARGE, "The body has " + message.body().length
                    + " bytes, more than the consumer's limit of " + settings.maxBodyBytes(), thisAttempt, null);
        }
        T payload;
        try {
            payload = binder.bind(message);
        } catch (MessageBindingException e) {
            return new Disposition.DeadLetter(e.code(), e.getMessage(), thisAttempt, e);
        } catch (RuntimeException e) { // a binder's own bug: the same bytes would meet it again
            return new Disposition.DeadLetter(DeadLetterCode.BODY_UNBINDABLE, "The binder failed with "
                    + e.getClass().getName(), thisAttempt, new MessageBindingException(DeadLetterCode.BODY_UNBINDABLE,
                    "The binder failed", e));
        }
        // A pooled consumer thread starts from no context and ends with none; the message id is also the request
        // id of the outcome line, which ties a template-keyed call to the delivery that made it.
        try (IdempotencyContext.Boundary boundary = IdempotencyContext.boundary();
             IdempotencyContext.Scope context = IdempotencyContext.open(IdempotencyContext.Request
                     .of(message.id(), settings.name()).withRequestId(message.id()))) {
            handler.handle(payload, message);
            return new Disposition.Handled();
        } catch (Throwable thrown) { // an Error too: a message that kills its handler must end as a dead letter
            return failed(thrown, thisAttempt);
        }
    }

    private Disposition failed(Throwable thrown, int thisAttempt) {
        Optional<IdempotencyException> idempotency = idempotencyCause(thrown);
        if (idempotency.isPresent()) {
            IdempotencyException cause = idempotency.get();
            if (cause instanceof IdempotencyInProgressException inProgress) {
                return new Disposition.InProgress(inProgress.retryAfter());
            }
            Optional<DeadLetterCode> code = keyCode(cause);
            if (code.isPresent()) {
                return new Disposition.DeadLetter(code.get(), cause.getMessage(), thisAttempt, cause);
            }
        }
        if (thisAttempt < settings.maxAttempts()) {
            return new Disposition.Retry(thisAttempt, settings.retryDelay(thisAttempt), thrown);
        }
        return new Disposition.DeadLetter(DeadLetterCode.HANDLER_FAILED, "The handler failed " + thisAttempt
                + " times; the last failure was " + describe(thrown), thisAttempt, thrown);
    }

    private static Optional<DeadLetterCode> keyCode(IdempotencyException cause) {
        if (cause instanceof IdempotencyKeyMissingException) {
            return Optional.of(DeadLetterCode.KEY_MISSING);
        }
        if (cause instanceof IdempotencyKeyInvalidException) {
            return Optional.of(DeadLetterCode.KEY_INVALID);
        }
        if (cause instanceof IdempotencyKeyReusedException) {
            return Optional.of(DeadLetterCode.KEY_REUSED);
        }
        return Optional.empty();
    }

    /**
     * The idempotency failure behind {@code thrown}, which a handler or a container interceptor (EJB, JTA) may have
     * wrapped.
     */
    private static Optional<IdempotencyException> idempotencyCause(Throwable thrown) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Throwable each = thrown; each != null && seen.add(each); each = each.getCause()) {
            if (each instanceof IdempotencyException idempotency) {
                return Optional.of(idempotency);
            }
        }
        return Optional.empty();
    }

    /** The type and the start of the message, on one line: the application's own words, never the payload's. */
    private static String describe(Throwable thrown) {
        String message = Optional.ofNullable(thrown.getMessage()).orElse("").replaceAll("\\s+", " ").strip();
        if (message.length() > MAX_QUOTED_MESSAGE) {
            message = message.substring(0, MAX_QUOTED_MESSAGE) + "...";
        }
        return thrown.getClass().getName() + (message.isEmpty() ? "" : ": " + message);
    }
}
