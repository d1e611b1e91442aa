package io.idempo.runtime;

import io.idempo.runtime.record.RecordStatus;
import io.idempo.runtime.record.StoredRecord;
import io.idempo.runtime.spi.CompletedCall;
import io.idempo.runtime.spi.StoredOutcome;

/** Between the stored forms and replay: a record's outcome as a {@link CompletedCall}. */
final class StoredResponses {

    private StoredResponses() {
    }

    static CompletedCall toCompletedCall(StoredRecord record) {
        if (record.status() == RecordStatus.IN_PROGRESS) {
            throw new IllegalStateException("Record " + record.keyHash() + " has no final outcome yet");
        }
        return new CompletedCall(record.fingerprint(), record.fieldDigests(),
                StoredOutcome.parse(record.response()));
    }
}
