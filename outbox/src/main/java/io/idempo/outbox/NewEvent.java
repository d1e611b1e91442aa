package io.idempo.outbox;

import io.idempo.runtime.internal.TextColumns;

/**
 * An event about to be written, checked against the columns of the shipped DDL: a value that does not fit is
 * refused here, with the column's name, rather than truncated by MySQL's INSERT IGNORE or refused by the database
 * in the middle of the caller's transaction.
 *
 * @param destination where it goes, such as a RabbitMQ exchange (the {@code aggregatetype} column): 1 to 255 chars
 * @param type        the event's type, such as {@code ORDER_PLACED}: 1 to 255 chars
 * @param aggregateId the aggregate it belongs to, such as an order id: 1 to 255 chars
 * @param payload     the body (JSON by convention): at most 16,777,215 bytes in UTF-8 (MySQL's MEDIUMTEXT)
 */
public record NewEvent(String destination, String type, String aggregateId, String payload) {

    static final int NAME_LENGTH = 255;

    public NewEvent {
        requireName("destination", destination);
        requireName("type", type);
        requireName("aggregateId", aggregateId);
        if (payload == null) {
            throw new IllegalArgumentException("payload must not be null: an event without a body has the body {}");
        }
        if (!TextColumns.fitsMediumText(payload)) {
            throw new IllegalArgumentException("The payload is longer than " + TextColumns.MEDIUMTEXT_UTF8_BYTES
                    + " UTF-8 bytes, the most the payload column holds (MySQL MEDIUMTEXT); publish a reference to the"
                    + " data instead");
        }
    }

    private static void requireName(String column, String value) {
        TextColumns.requireFits(column, value, NAME_LENGTH);
        if (value.isBlank()) {
            throw new IllegalArgumentException(column + " must not be blank");
        }
    }
}
