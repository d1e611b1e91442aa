package io.idempo.example.messaging;

import io.idempo.example.callbacks.CallbackService;
import io.idempo.example.callbacks.PaymentCallback;
import io.idempo.example.demo.DemoFaults;
import io.idempo.messaging.ReceivedMessage;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.control.ActivateRequestContext;
import jakarta.inject.Inject;

/**
 * Books a callback that arrived as a message, through the very method the HTTP door calls: the key is the body's
 * {@code channelTxnId:status} and the scope the provider, whoever delivers it, so one event that arrives over HTTP
 * and several times over the queue is one ledger entry. A consumer thread has no request scope of its own, and
 * {@link CallbackService} reads its demo switches from a request-scoped bean: one is opened per message.
 */
@ApplicationScoped
public class CallbackMessages {

    @Inject
    CallbackService callbacks;

    @Inject
    DemoFaults faults;

    @ActivateRequestContext
    public void handle(PaymentCallback callback, ReceivedMessage message) {
        faults.readFrom(message.headers());
        callbacks.settle(CallbackService.PROVIDER, callback);
    }
}
