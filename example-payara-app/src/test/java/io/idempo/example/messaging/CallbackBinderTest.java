package io.idempo.example.messaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.idempo.example.callbacks.CallbackStatus;
import io.idempo.example.callbacks.PaymentCallback;
import io.idempo.messaging.DeadLetterCode;
import io.idempo.messaging.MessageBindingException;
import io.idempo.messaging.ReceivedMessage;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A callback message binds as its HTTP body does, or is refused with a dead-letter code and a reason. */
class CallbackBinderTest {

    private static final String CALLBACK = "{\"channelTxnId\":\"ch_1\",\"orderId\":7,\"amount\":19900,"
            + "\"status\":\"SUCCESS\"}";

    private final CallbackBinder binder = new CallbackBinder();

    @Test
    void theJsonOfTheHttpDoorBinds() throws MessageBindingException {
        PaymentCallback expected = new PaymentCallback("ch_1", 7L, 19_900L, CallbackStatus.SUCCESS);
        assertEquals(expected, binder.bind(message(CALLBACK, "application/json")));
        assertEquals(expected, binder.bind(message(CALLBACK, "application/json; charset=utf-8")));
        assertEquals(expected, binder.bind(message(CALLBACK, "application/vnd.provider+json")));
        assertEquals(expected, binder.bind(message(CALLBACK, null)), "a producer that names no content type");
    }

    @Test
    void aMessageThatSaysItIsNotJsonIsRefused() {
        MessageBindingException refused = assertThrows(MessageBindingException.class,
                () -> binder.bind(message(CALLBACK, "text/plain")));
        assertEquals(DeadLetterCode.BODY_UNBINDABLE, refused.code());
        assertEquals("The content type is not application/json", refused.getMessage());
    }

    @Test
    void theCallbacksOwnRulesRefuseWhatJsonAccepts() {
        Map<String, String> refusals = Map.of(
                CALLBACK.replace("\"orderId\":7", "\"orderId\":0"), "orderId must be a positive number",
                CALLBACK.replace("ch_1", "ch 1"), "channelTxnId must be 1 to 64 characters of [A-Za-z0-9_.:-]",
                CALLBACK.replace("\"status\":\"SUCCESS\"", "\"status\":null"), "status must be SUCCESS or FAILED");
        refusals.forEach((body, reason) -> {
            MessageBindingException refused = assertThrows(MessageBindingException.class,
                    () -> binder.bind(message(body, "application/json")), body);
            assertEquals(DeadLetterCode.BODY_UNBINDABLE, refused.code(), body);
            assertEquals(reason, refused.getMessage(), body);
        });
    }

    @Test
    void anAmountSentAsAStringIsRefusedAsOverHttp() {
        MessageBindingException refused = assertThrows(MessageBindingException.class,
                () -> binder.bind(message(CALLBACK.replace("19900", "\"19900\""), "application/json")));
        assertEquals(DeadLetterCode.BODY_UNBINDABLE, refused.code());
    }

    private static ReceivedMessage message(String body, String contentType) {
        return new ReceivedMessage("delivery-1", body.getBytes(StandardCharsets.UTF_8), contentType, Map.of(), 0,
                false, CallbackQueues.QUEUE);
    }
}
