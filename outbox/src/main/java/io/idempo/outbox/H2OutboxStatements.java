package io.idempo.outbox;

/**
 * H2 2.x, in its default mode or in {@code MODE=PostgreSQL}: MERGE inserts without raising on a duplicate in every
 * mode (it raises only when two transactions insert one id at the same moment, which the outbox never does: a
 * derived id belongs to one running call, a random one to nobody else). H2 2.2 knows {@code FOR UPDATE SKIP LOCKED},
 * so relays on several threads of one JVM share an in-memory database as they share a server.
 */
final class H2OutboxStatements extends OutboxStatements {

    H2OutboxStatements(String table) {
        super(table);
    }

    @Override
    String insertIfAbsent() {
        return "MERGE INTO " + table + " USING (VALUES (?, ?, ?, ?, ?, ?, ?)) AS n (id, aggregatetype, aggregateid,"
                + " type, payload, created_at, available_at) ON " + table + ".id = n.id WHEN NOT MATCHED THEN INSERT ("
                + INSERTED_COLUMNS + ") VALUES (n.id, n.aggregatetype, n.aggregateid, n.type, n.payload, n.created_at,"
                + " n.available_at, 'PENDING', 0, NULL, NULL)";
    }

    @Override
    String claimHeads() {
        return pendingHeads() + " FETCH FIRST ? ROWS ONLY FOR UPDATE SKIP LOCKED";
    }

    @Override
    String purgeSent() {
        return "DELETE FROM " + table + " WHERE state = 'SENT' AND sent_at <= ? FETCH FIRST ? ROWS ONLY";
    }
}
