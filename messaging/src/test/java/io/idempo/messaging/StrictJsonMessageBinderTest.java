package io.idempo.messaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.messaging.testing.PaymentEvent;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The default binder: strict UTF-8, every record component present, each member of its own JSON type, a refusal that
 * quotes no value.
 */
class StrictJsonMessageBinderTest {

    private final StrictJsonMessageBinder<PaymentEvent> binder = StrictJsonMessageBinder.of(PaymentEvent.class);

    @Test
    void bindsARecordFromUtf8Json() throws MessageBindingException {
        PaymentEvent event = binder.bind(message("{\"channelTxnId\":\"café-1\",\"status\":\"PAID\",\"amount\":1.50}"
                .getBytes(StandardCharsets.UTF_8)));
        assertEquals(new PaymentEvent("café-1", "PAID", new BigDecimal("1.50")), event);
    }

    /** An overlong "/", a UTF-16 surrogate, a sequence cut short, a byte that never starts a character. */
    @ParameterizedTest
    @ValueSource(strings = {"C0AF", "EDA080", "E282", "FF"})
    void refusesMalformedUtf8(String badHex) {
        byte[] bad = HexFormat.of().parseHex(badHex);
        byte[] prefix = "{\"channelTxnId\":\"".getBytes(StandardCharsets.UTF_8);
        byte[] suffix = "\",\"status\":\"PAID\",\"amount\":1}".getBytes(StandardCharsets.UTF_8);
        byte[] body = new byte[prefix.length + bad.length + suffix.length];
        System.arraycopy(prefix, 0, body, 0, prefix.length);
        System.arraycopy(bad, 0, body, prefix.length, bad.length);
        System.arraycopy(suffix, 0, body, prefix.length + bad.length, suffix.length);
        MessageBindingException refused = assertThrows(MessageBindingException.class, () -> binder.bind(message(body)));
        assertEquals(DeadLetterCode.BODY_NOT_UTF8, refused.code());
    }

    /** A missing field, JSON null, an array, a number in quotes, a fraction... and a member sent twice. */
    @ParameterizedTest
    @ValueSource(strings = {"{\"channelTxnId\":\"t\",\"amount\":1}", "null", "[1,2]", "{\"channelTxnId\":\"t\","
            + "\"status\":\"PAID\",\"amount\":\"4711\"}", "{\"channelTxnId\":\"t\",\"status\":\"PAID\",\"amount\":1,"
            + "\"amount\":2}", "{\"channelTxnId\":7,\"status\":\"PAID\",\"amount\":1}"})
    void refusesJsonThatDoesNotBindWithoutQuotingIt(String json) {
        MessageBindingException refused = assertThrows(MessageBindingException.class,
                () -> binder.bind(message(json.getBytes(StandardCharsets.UTF_8))));
        assertEquals(DeadLetterCode.BODY_UNBINDABLE, refused.code());
        assertTrue(refused.getMessage().endsWith("(expected io.idempo.messaging.testing.PaymentEvent)"),
                refused.getMessage());
        for (String value : new String[] {"4711", "\"t\""}) {
            assertFalse(refused.getMessage().contains(value), refused.getMessage());
        }
    }

    private static ReceivedMessage message(byte[] body) {
        return new ReceivedMessage("m-12345678", body, "application/json", Map.of(), 0, false, "q");
    }
}
