package io.idempo.runtime.record;

import java.time.Instant;

/** Reads a row selected with {@link RecordStatements#COLUMNS} into a {@link StoredRecord}. */
final class StoredRecords {

    private StoredRecords() {
    }

    static StoredRecord fromRow(Object[] row) {
        return new StoredRecord(
                (String) row[0],
                (String) row[1],
                (String) row[2],
                (String) row[3],
                (String) row[4],
                (String) row[5],
                FieldDigests.decode((String) row[6]),
                status((String) row[7]),
                (String) row[8],
                row[9] == null ? null : Instant.ofEpochMilli((Long) row[9]),
                Instant.ofEpochMilli((Long) row[10]),
                Instant.ofEpochMilli((Long) row[11]),
                Instant.ofEpochMilli((Long) row[12]));
    }

    private static RecordStatus status(String name) {
        try {
            return RecordStatus.valueOf(name);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("Unknown record status '" + name + "': the row was written by something"
                    + " other than this version of idempo; expected one of IN_PROGRESS, COMPLETED, FAILED", e);
        }
    }
}
