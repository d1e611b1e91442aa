package io.idempo.runtime.record;

import java.io.IOException;
import java.io.Reader;
import java.sql.Clob;
import java.sql.SQLException;

/**
 * Brings the values drivers and JPA providers return into the two shapes the store reads: String and Long.
 * Drivers differ here: H2 returns CLOB columns as {@link Clob}, and a JPA provider may widen or narrow integers.
 */
final class ColumnValues {

    private ColumnValues() {
    }

    /** A String, a Long or null; a Clob is read now, while its result set is still open. */
    static Object normalize(Object value) throws SQLException {
        if (value instanceof Clob clob) {
            return read(clob);
        }
        if (value instanceof Number number && !(value instanceof Long)) {
            return number.longValue();
        }
        return value;
    }

    private static String read(Clob clob) throws SQLException {
        StringBuilder text = new StringBuilder();
        char[] buffer = new char[8192];
        try (Reader reader = clob.getCharacterStream()) {
            for (int read = reader.read(buffer); read >= 0; read = reader.read(buffer)) {
                text.append(buffer, 0, read);
            }
        } catch (IOException e) {
            throw new SQLException("Reading a CLOB column failed: " + e.getMessage(), e);
        }
        return text.toString();
    }
}
