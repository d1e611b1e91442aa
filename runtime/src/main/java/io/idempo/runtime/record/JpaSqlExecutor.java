package io.idempo.runtime.record;

import io.idempo.runtime.spi.SqlExecutor;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceException;
import jakarta.persistence.Query;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Runs statements as JPA native queries on the caller's {@link EntityManager}, inside the transaction it has
 * joined (JTA or resource-local). Only standard JPA is used, so it works with Hibernate and EclipseLink alike;
 * the entity manager is never flushed, committed, cleared or closed here.
 */
public final class JpaSqlExecutor implements SqlExecutor {

    /**
     * Hibernate's hint naming the tables a native statement touches. Without it Hibernate must assume the
     * statement touched every table and evicts the whole second-level cache on each claim. Other providers
     * ignore hints they do not know, as the JPA specification requires.
     */
    private static final String HIBERNATE_QUERY_SPACES = "org.hibernate.query.native.spaces";

    private final EntityManager entityManager;
    /** The table the statements touch, or null when not known: then no hint is given. */
    private final String table;

    public JpaSqlExecutor(EntityManager entityManager) {
        this(entityManager, null);
    }

    private JpaSqlExecutor(EntityManager entityManager, String table) {
        this.entityManager = Objects.requireNonNull(entityManager, "entityManager");
        this.table = table;
    }

    @Override
    public SqlExecutor touching(String touchedTable) {
        return new JpaSqlExecutor(entityManager, Objects.requireNonNull(touchedTable, "table"));
    }

    @Override
    public int update(String sql, Object... parameters) throws SQLException {
        try {
            return prepare(sql, parameters).executeUpdate();
        } catch (PersistenceException e) {
            throw sqlExceptionIn(e).orElseThrow(() -> e);
        }
    }

    @Override
    public List<Object[]> query(String sql, Object... parameters) throws SQLException {
        List<?> results;
        try {
            results = prepare(sql, parameters).getResultList();
        } catch (PersistenceException e) {
            throw sqlExceptionIn(e).orElseThrow(() -> e);
        }
        List<Object[]> rows = new ArrayList<>(results.size());
        for (Object result : results) {
            // JPA returns a bare value, not an array, when the query selects a single column.
            Object[] row = result instanceof Object[] columns ? columns.clone() : new Object[] {result};
            for (int i = 0; i < row.length; i++) {
                row[i] = ColumnValues.normalize(row[i]);
            }
            rows.add(row);
        }
        return rows;
    }

    private Query prepare(String sql, Object[] parameters) {
        Query query = entityManager.createNativeQuery(sql);
        if (table != null) {
            query.setHint(HIBERNATE_QUERY_SPACES, table);
        }
        for (int i = 0; i < parameters.length; i++) {
            Object parameter = parameters[i];
            if (!(parameter instanceof String || parameter instanceof Long)) {
                throw new IllegalArgumentException("Parameter " + (i + 1) + " must be a String or a Long, not "
                        + (parameter == null ? "null" : parameter.getClass().getName()));
            }
            query.setParameter(i + 1, parameter);
        }
        return query;
    }

    /**
     * Providers wrap the driver's exception (Hibernate in a JDBCException, EclipseLink in a DatabaseException);
     * the SQLException underneath carries the SQLState that tells a lock timeout from a missing table. A failure
     * without one (no transaction, a closed entity manager) is the provider's own and stays as it is.
     */
    private static Optional<SQLException> sqlExceptionIn(PersistenceException failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sqlException) {
                return Optional.of(sqlException);
            }
        }
        return Optional.empty();
    }
}
