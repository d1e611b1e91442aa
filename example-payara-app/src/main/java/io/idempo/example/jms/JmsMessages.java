package io.idempo.example.jms;

import io.idempo.messaging.ReceivedMessage;
import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A JMS message as the broker-neutral {@link ReceivedMessage} the callback binder and the demo switches read: the
 * bytes of a {@code BytesMessage} as they are (so that the binder checks their UTF-8 itself) or the UTF-8 of a
 * {@code TextMessage}; the demo properties under the header names the other doors use; the failed deliveries so far
 * from the broker's {@code JMSXDeliveryCount}.
 */
final class JmsMessages {

    private static final Map<String, String> DEMO_HEADERS = Map.of(JmsCallbacks.DEMO_FAIL, "x-demo-fail",
            JmsCallbacks.DEMO_FAULT, "x-demo-fault");

    private JmsMessages() {
    }

    static ReceivedMessage received(Message message) throws JMSException {
        Map<String, Object> headers = new LinkedHashMap<>();
        for (Map.Entry<String, String> demo : DEMO_HEADERS.entrySet()) {
            if (message.propertyExists(demo.getKey())) {
                headers.put(demo.getValue(), message.getStringProperty(demo.getKey()));
            }
        }
        int deliveries = message.propertyExists("JMSXDeliveryCount") ? message.getIntProperty("JMSXDeliveryCount") : 1;
        String contentType = message.propertyExists("contentType") ? message.getStringProperty("contentType") : null;
        return new ReceivedMessage(message.getJMSMessageID(), body(message), contentType, headers,
                Math.max(0, deliveries - 1), message.getJMSRedelivered(), JmsCallbacks.QUEUE_NAME);
    }

    private static byte[] body(Message message) throws JMSException {
        if (message instanceof BytesMessage bytes) {
            byte[] body = new byte[(int) Math.min(Integer.MAX_VALUE, bytes.getBodyLength())];
            bytes.readBytes(body);
            return body;
        }
        if (message instanceof TextMessage text && text.getText() != null) {
            return text.getText().getBytes(StandardCharsets.UTF_8);
        }
        return new byte[0];
    }
}
