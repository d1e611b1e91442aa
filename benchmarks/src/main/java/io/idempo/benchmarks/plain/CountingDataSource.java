package io.idempo.benchmarks.plain;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import javax.sql.DataSource;

/**
 * A data source that counts what its callers ask of the database through JDBC: connections taken, statements
 * executed (each by its SQL text), commits, rollbacks and autocommit switches. Dynamic proxies over the pool's own
 * objects, so the engine and the business code run unchanged on it.
 */
final class CountingDataSource {

    private final DataSource target;
    private final LongAdder connections = new LongAdder();
    private final LongAdder commits = new LongAdder();
    private final LongAdder rollbacks = new LongAdder();
    private final LongAdder autoCommitSwitches = new LongAdder();
    private final Map<String, LongAdder> statements = new ConcurrentHashMap<>();

    CountingDataSource(DataSource target) {
        this.target = target;
    }

    /** The counted totals so far; {@link Counts#minus} gives a window's. */
    Counts counts() {
        Map<String, Long> bySql = new TreeMap<>();
        statements.forEach((sql, count) -> bySql.put(sql, count.sum()));
        return new Counts(connections.sum(), commits.sum(), rollbacks.sum(), autoCommitSwitches.sum(), bySql);
    }

    DataSource dataSource() {
        return proxy(DataSource.class, target, (method, args) -> {
            Object result = method.invoke(target, args);
            if (method.getName().equals("getConnection")) {
                connections.increment();
                return connection((Connection) result);
            }
            return result;
        });
    }

    private Connection connection(Connection connection) {
        return proxy(Connection.class, connection, (method, args) -> {
            switch (method.getName()) {
                case "commit" -> commits.increment();
                case "rollback" -> rollbacks.increment();
                case "setAutoCommit" -> autoCommitSwitches.increment();
                default -> {
                }
            }
            Object result = method.invoke(connection, args);
            if (result instanceof CallableStatement) {
                return statement(CallableStatement.class, (Statement) result, (String) args[0]);
            }
            if (result instanceof PreparedStatement) {
                return statement(PreparedStatement.class, (Statement) result, (String) args[0]);
            }
            if (result instanceof Statement) {
                return statement(Statement.class, (Statement) result, null);
            }
            return result;
        });
    }

    private <S extends Statement> S statement(Class<S> type, Statement statement, String preparedSql) {
        return proxy(type, statement, (method, args) -> {
            if (method.getName().startsWith("execute")) {
                String sql = preparedSql != null ? preparedSql : String.valueOf(args[0]);
                statements.computeIfAbsent(sql.strip().replaceAll("\\s+", " "), text -> new LongAdder()).increment();
            }
            return method.invoke(statement, args);
        });
    }

    @FunctionalInterface
    private interface Call {
        Object invoke(Method method, Object[] args) throws Exception;
    }

    /** A proxy of {@code type} over {@code target} that throws what the target throws, not a wrapper of it. */
    private static <T> T proxy(Class<T> type, Object target, Call call) {
        InvocationHandler handler = (proxy, method, args) -> {
            try {
                return call.invoke(method, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        };
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
    }

    /** What the callers asked of the database in a window. */
    record Counts(long connections, long commits, long rollbacks, long autoCommitSwitches,
                  Map<String, Long> statements) {

        long statementCount() {
            return statements.values().stream().mapToLong(Long::longValue).sum();
        }

        Counts minus(Counts earlier) {
            Map<String, Long> bySql = new TreeMap<>();
            statements.forEach((sql, count) -> {
                long delta = count - earlier.statements.getOrDefault(sql, 0L);
                if (delta != 0) {
                    bySql.put(sql, delta);
                }
            });
            return new Counts(connections - earlier.connections, commits - earlier.commits,
                    rollbacks - earlier.rollbacks, autoCommitSwitches - earlier.autoCommitSwitches, bySql);
        }
    }
}
