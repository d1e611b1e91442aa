package io.idempo.example.plainjava;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.idempo.testing.database.DatabaseKind;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.slf4j.LoggerFactory;

/**
 * With Redis down the database decides alone, and a duplicate that meets its first call's open transaction is told
 * "in progress" and logged once by idempo ({@code outcome=busy}). On MariaDB it fails the record's bounded lock wait
 * by design, and Hibernate logs each of those SQL errors too, at WARN and ERROR, and so does the MariaDB driver, at
 * WARN; the example's logback.xml turns those loggers off. On PostgreSQL the claim's advisory lock answers at once,
 * with no SQL error. Measured with real threads on the real servers, first with the
 * libraries' default levels, then with the example's.
 */
class ExpectedLockWaitLogTest {

    private static final String SQL_ERRORS = "org.hibernate.engine.jdbc.spi.SqlExceptionHelper";
    private static final int DUPLICATES = 20;

    @ParameterizedTest
    @EnumSource(value = DatabaseKind.class, names = {"POSTGRESQL", "MARIADB"})
    void lockWaitsOfDuplicatesAreLoggedByIdempoOnly(DatabaseKind database) throws Exception {
        List<Logger> turnedOff = loggersTurnedOff();
        assertTrue(turnedOff.stream().anyMatch(logger -> logger.getName().equals(SQL_ERRORS)), turnedOff.toString());
        DemoPaymentProvider payments = new DemoPaymentProvider();
        try (ScratchDatabase scratch = ScratchDatabase.create(database);
             Application application = Application.start(scratch.settings(redisThatIsDown(), "idempo:"), payments)) {
            turnedOff.forEach(logger -> logger.setLevel(null));
            Map<String, Integer> defaults = logLinesOf(() -> duplicatesMeetingTheirFirstCall(application, payments));
            turnedOff.forEach(logger -> logger.setLevel(Level.OFF));
            Map<String, Integer> example = logLinesOf(() -> duplicatesMeetingTheirFirstCall(application, payments));
            System.out.printf("%s, %d duplicates meeting their first call in the database, log lines by logger:%n"
                    + "  the libraries' default levels: %s%n  the example's logback.xml: %s%n", database, DUPLICATES,
                    defaults, example);

            if (database == DatabaseKind.MARIADB) {
                assertTrue(defaults.getOrDefault(SQL_ERRORS, 0) >= 2 * DUPLICATES,
                        "by default Hibernate logs each lock wait at WARN and ERROR: " + defaults);
            } else {
                assertEquals(0, defaults.getOrDefault(SQL_ERRORS, 0),
                        "PostgreSQL's claim takes a non-blocking advisory lock: no SQL error to log: " + defaults);
            }
            assertEquals(DUPLICATES, example.get("io.idempo.outcome busy"), example.toString());
            assertTrue(example.keySet().stream().allMatch(logger -> logger.startsWith("io.idempo.")),
                    "only idempo's own lines: " + example);
            assertEquals(2L * DUPLICATES, scratch.count("SELECT COUNT(*) FROM shop_order"), "one order per key");
        } finally {
            turnedOff.forEach(logger -> logger.setLevel(Level.OFF));
        }
    }

    /** The loggers that the example's logback.xml turns off. */
    private static List<Logger> loggersTurnedOff() {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        return context.getLoggerList().stream().filter(logger -> logger.getLevel() == Level.OFF).toList();
    }

    /** The demo's step 4, "a duplicate while the first call still runs", once per duplicate. */
    private static void duplicatesMeetingTheirFirstCall(Application application, DemoPaymentProvider payments)
            throws Exception {
        Demo demo = new Demo(application, payments, new PrintStream(OutputStream.nullOutputStream()));
        for (int i = 0; i < DUPLICATES; i++) {
            demo.inProgress("order-" + UUID.randomUUID());
        }
    }

    private interface Work {
        void run() throws Exception;
    }

    /**
     * The lines the example's console would print while {@code work} runs, counted by logger (and by outcome for
     * idempo's outcome lines), as its pattern renders them: a stack trace counts with all its lines.
     */
    private static Map<String, Integer> logLinesOf(Work work) throws Exception {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        PatternLayout layout = new PatternLayout();
        layout.setContext(context);
        layout.setPattern("%d{HH:mm:ss.SSS} %-5level [%logger] %msg%n");
        layout.start();
        ListAppender<ILoggingEvent> captured = new ListAppender<>();
        captured.setContext(context);
        captured.start();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.addAppender(captured);
        try {
            work.run();
        } finally {
            root.detachAppender(captured);
        }
        Map<String, Integer> lines = new TreeMap<>();
        for (ILoggingEvent event : List.copyOf(captured.list)) {
            String logger = event.getLoggerName();
            if (logger.equals("io.idempo.outcome")) {
                String message = event.getFormattedMessage();
                logger += " " + message.substring(message.indexOf("outcome=") + "outcome=".length(),
                        message.indexOf(" source="));
            }
            lines.merge(logger, (int) layout.doLayout(event).lines().count(), Integer::sum);
        }
        return lines;
    }

    /** A loopback address nothing listens on: every Redis call fails at once, as when Redis is down. */
    private static String redisThatIsDown() throws Exception {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress("127.0.0.1", 0));
            return "redis://127.0.0.1:" + socket.getLocalPort();
        }
    }
}
