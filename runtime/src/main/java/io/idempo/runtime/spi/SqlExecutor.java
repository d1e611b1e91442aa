package io.idempo.runtime.spi;

import java.sql.SQLException;
import java.util.List;

/**
 * Runs one SQL statement on the caller's transaction. The record store speaks only through this, so that the
 * same statements run on a JDBC connection or through a JPA provider.
 *
 * <p>Parameters are {@link String} or {@link Long}, never null: the store writes SQL {@code NULL} as a literal,
 * because binding an untyped null is not portable across drivers and JPA providers.
 *
 * <p>Implementations never commit or roll back, and report every database failure as the {@link SQLException}
 * the driver raised, so that its SQLState and vendor code can be interpreted.
 */
public interface SqlExecutor {

    /** Runs an INSERT, UPDATE, DELETE or SET statement and returns the number of rows it affected. */
    int update(String sql, Object... parameters) throws SQLException;

    /**
     * Runs a query and returns its rows, each an array with one value per selected column: a {@link String},
     * a {@link Long} or {@code null}. Large text (CLOB) is read into a String before the result is closed.
     */
    List<Object[]> query(String sql, Object... parameters) throws SQLException;

    /**
     * The executor for statements that touch only {@code table}; the record store asks for it, so that the table is
     * configured once. A JPA executor tells the provider which cache region such statements touch; others ignore it.
     */
    default SqlExecutor touching(String table) {
        return this;
    }
}
