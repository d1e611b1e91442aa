package io.idempo.example.jms;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.jms.BytesMessage;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Queue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * {@code POST /api/jms/payment-callbacks}: puts the body, byte for byte, on the callbacks' JMS queue as a payment
 * provider would, and answers 202 with the message id ({@code X-Message-Id}); {@link CallbackMessageBean} books it.
 * Nothing is checked here: the bean binds the message. {@code X-Demo-Fault} and {@code X-Demo-Fail} become the
 * message's demo properties (honoured only with {@code IDEMPO_DEMO_FAULTS=true}).
 */
@Path("jms/payment-callbacks")
@RequestScoped
public class JmsCallbackResource {

    @Inject
    JMSContext jms;

    @Resource(lookup = JmsCallbacks.QUEUE)
    Queue queue;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response send(byte[] body, @HeaderParam("X-Demo-Fault") String demoFault,
                         @HeaderParam("X-Demo-Fail") String demoFail) throws JMSException {
        BytesMessage message = jms.createBytesMessage();
        message.writeBytes(body);
        message.setStringProperty("contentType", MediaType.APPLICATION_JSON);
        if (demoFault != null) {
            message.setStringProperty(JmsCallbacks.DEMO_FAULT, demoFault);
        }
        if (demoFail != null) {
            message.setStringProperty(JmsCallbacks.DEMO_FAIL, demoFail);
        }
        jms.createProducer().send(queue, message);
        return Response.accepted().header("X-Message-Id", message.getJMSMessageID()).build();
    }
}
