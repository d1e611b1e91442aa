package io.idempo.messaging.testing;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** The WARNING lines of {@code io.idempo.messaging} while it is open (System.Logger goes to java.util.logging). */
public final class LogCapture extends Handler implements AutoCloseable {

    private final Logger logger = Logger.getLogger("io.idempo.messaging");
    private final List<String> warnings = new CopyOnWriteArrayList<>();

    public LogCapture() {
        logger.addHandler(this);
    }

    public List<String> warnings() {
        return List.copyOf(warnings);
    }

    @Override
    public void publish(LogRecord record) {
        if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
            warnings.add(record.getMessage());
        }
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        logger.removeHandler(this);
    }
}
