package io.idempo.outbox;

/**
 * What one batch of the relay did.
 *
 * @param claimed the pending events it took (0: nothing was due)
 * @param sent    those the broker confirmed, now marked sent
 * @param refused those the broker refused, put back for a later attempt
 */
public record RelayedBatch(int claimed, int sent, int refused) {

    static final RelayedBatch EMPTY = new RelayedBatch(0, 0, 0);
}
