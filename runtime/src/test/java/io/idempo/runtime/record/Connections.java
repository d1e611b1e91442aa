package io.idempo.runtime.record;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Connections opened before a concurrency test starts, so that the threads race on claims, not on logins. */
final class Connections implements AutoCloseable {

    final List<Connection> all;

    private Connections(List<Connection> all) {
        this.all = all;
    }

    static Connections open(DatabaseUnderTest database, int count) throws SQLException {
        List<Connection> connections = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                connections.add(database.open());
            }
        } catch (SQLException e) {
            new Connections(connections).close();
            throw e;
        }
        return new Connections(connections);
    }

    @Override
    public void close() throws SQLException {
        SQLException first = null;
        for (Connection connection : all) {
            try {
                connection.rollback();
                connection.close();
            } catch (SQLException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
