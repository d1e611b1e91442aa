package io.idempo.messaging.outbox;

import java.text.MessageFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The relay-state lines of {@code io.idempo.outbox} while it is open (System.Logger goes to java.util.logging). */
final class RelayLog extends Handler implements AutoCloseable {

    private static final Pattern STATE = Pattern.compile(" state=([a-z-]+)");

    private final Logger logger = Logger.getLogger("io.idempo.outbox");
    private final List<String> states = new CopyOnWriteArrayList<>();

    RelayLog() {
        logger.addHandler(this);
    }

    /** The states the relay reported, in order: {@code broker-down}, {@code running}, ... */
    List<String> states() {
        return List.copyOf(states);
    }

    @Override
    public void publish(LogRecord record) {
        String line = MessageFormat.format(record.getMessage(), record.getParameters());
        Matcher state = STATE.matcher(line);
        if (line.startsWith("idempo outbox relay-state") && state.find()) {
            states.add(state.group(1));
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
