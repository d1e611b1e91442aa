package io.idempo.runtime.engine;

import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * One harness per database and claim mode, shared by the tests of a class (each test uses keys of its own) and
 * closed after them: building Hibernate and the pools once per setup keeps the suite fast.
 */
final class Harnesses implements AutoCloseable {

    private final Map<String, EngineHarness> open = new LinkedHashMap<>();
    private EngineHarness active;

    /** Every database with every claim mode. */
    static Stream<Arguments> all() {
        return Stream.of(EngineDatabase.values()).flatMap(database ->
                Stream.of(ClaimMode.values()).map(mode -> Arguments.of(database, mode)));
    }

    EngineHarness get(EngineDatabase database, ClaimMode mode) throws SQLException {
        String name = database + "/" + mode;
        EngineHarness harness = open.get(name);
        if (active != null && active != harness) {
            active.deactivate();
        }
        if (harness == null) {
            harness = new EngineHarness(database, mode);
            open.put(name, harness);
        }
        harness.activate();
        active = harness;
        harness.shop.failAfterWrite = false;
        harness.shop.delay = java.time.Duration.ZERO;
        harness.shop.executions.set(0);
        return harness;
    }

    @Override
    public void close() throws SQLException {
        for (EngineHarness harness : open.values()) {
            harness.close();
        }
        open.clear();
    }
}
