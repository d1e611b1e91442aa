package io.idempo.runtime.engine;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * The lines a logger writes, formatted, from the moment this is {@linkplain #of attached} until it is closed: the
 * outcome lines ({@code io.idempo.outcome}) or the audit lines ({@code io.idempo.audit}).
 */
public final class CapturedLines extends Handler implements AutoCloseable {

    /** Held here: LogManager keeps loggers weakly, and a collected one would take the handler with it. */
    private final Logger logger;
    private final List<String> lines = new CopyOnWriteArrayList<>();

    private CapturedLines(Logger logger) {
        this.logger = logger;
    }

    public static CapturedLines of(String loggerName) {
        CapturedLines captured = new CapturedLines(Logger.getLogger(loggerName));
        captured.logger.addHandler(captured);
        return captured;
    }

    public List<String> lines() {
        return lines;
    }

    @Override
    public void publish(LogRecord record) {
        lines.add(new SimpleFormatter().formatMessage(record));
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        logger.removeHandler(this);
    }
}
