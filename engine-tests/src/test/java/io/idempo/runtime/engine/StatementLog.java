package io.idempo.runtime.engine;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;

/**
 * Wraps a DataSource to record every connection taken from it, every statement executed and every commit, with the
 * thread that did it, so that a test can assert exactly what one call cost the pool and added to its transaction (a
 * JDBC-level proxy: it sees what Hibernate really sends).
 */
final class StatementLog {

    /** One executed statement ({@code kind} is the SQL's first word in lower case), a commit, or a connection taken. */
    record Entry(long threadId, String kind, String sql) {
    }

    private static final String CONNECT = "connect";

    private final List<Entry> entries = new CopyOnWriteArrayList<>();
    private volatile boolean recording;

    DataSource wrap(DataSource target) {
        return proxy(DataSource.class, target, (method, arguments, result) -> {
            if (result instanceof Connection connection) {
                record(CONNECT, "getConnection");
                return connection(connection);
            }
            return result;
        });
    }

    /** Clears the log and starts recording. */
    void start() {
        entries.clear();
        recording = true;
    }

    /** Stops recording and returns the statements and commits of the calling thread. */
    List<Entry> stop() {
        return stopIncludingConnections().stream().filter(entry -> !entry.kind().equals(CONNECT)).toList();
    }

    /** Stops recording and returns everything the calling thread did, the connections it took included. */
    List<Entry> stopIncludingConnections() {
        recording = false;
        long thread = Thread.currentThread().getId();
        return entries.stream().filter(entry -> entry.threadId() == thread).toList();
    }

    private Connection connection(Connection target) {
        return proxy(Connection.class, target, (method, arguments, result) -> {
            if (method.getName().equals("commit")) {
                record("commit", "COMMIT");
            }
            if (method.getName().equals("prepareStatement") && result instanceof PreparedStatement prepared) {
                String sql = (String) arguments[0];
                return proxy(PreparedStatement.class, prepared, (call, callArguments, callResult) -> {
                    if (call.getName().startsWith("execute") && (callArguments == null || callArguments.length == 0)) {
                        record(firstWord(sql), sql);
                    }
                    return callResult;
                });
            }
            if (method.getName().equals("createStatement") && result instanceof Statement statement) {
                return proxy(Statement.class, statement, (call, callArguments, callResult) -> {
                    if (call.getName().startsWith("execute") && callArguments != null
                            && callArguments[0] instanceof String sql) {
                        record(firstWord(sql), sql);
                    }
                    return callResult;
                });
            }
            return result;
        });
    }

    private void record(String kind, String sql) {
        if (recording) {
            entries.add(new Entry(Thread.currentThread().getId(), kind, sql));
        }
    }

    /** Sees each call after the target ran it, and may replace its result. */
    @FunctionalInterface
    private interface AfterCall {
        Object after(Method method, Object[] arguments, Object result);
    }

    private static <T> T proxy(Class<T> type, T target, AfterCall hook) {
        return type.cast(Proxy.newProxyInstance(StatementLog.class.getClassLoader(), new Class<?>[] {type},
                (proxy, method, arguments) -> {
                    try {
                        return hook.after(method, arguments, method.invoke(target, arguments));
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                }));
    }

    private static String firstWord(String sql) {
        String trimmed = sql.stripLeading();
        int end = 0;
        while (end < trimmed.length() && Character.isLetter(trimmed.charAt(end))) {
            end++;
        }
        return trimmed.substring(0, end).toLowerCase(Locale.ROOT);
    }
}
