package io.idempo.example.receipts;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A simulated mail service, in memory and not transactional: a side effect that must not happen twice, which is
 * exactly what the idempotent resource method in front of it guarantees.
 */
@ApplicationScoped
public class ReceiptMailer {

    private final List<Receipt> sent = new CopyOnWriteArrayList<>();
    private final AtomicLong sequence = new AtomicLong();

    public Receipt send(long orderId, String email) {
        Receipt receipt = new Receipt("rcpt_" + sequence.incrementAndGet(), orderId, email, "SENT");
        sent.add(receipt);
        return receipt;
    }

    public List<Receipt> sentFor(long orderId) {
        return sent.stream().filter(receipt -> receipt.orderId() == orderId).toList();
    }
}
