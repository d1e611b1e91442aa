package io.idempo.messaging.testing;

import io.idempo.testing.database.DatabaseKind;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** The database and claim-store pairs a test runs on. */
public final class Setups {

    private Setups() {
    }

    /** Each database with the in-JVM claims, and the two servers with Redis in front. */
    public static Stream<Arguments> all() {
        return Stream.of(
                Arguments.of(DatabaseKind.H2, ClaimMode.IN_MEMORY),
                Arguments.of(DatabaseKind.POSTGRESQL, ClaimMode.IN_MEMORY),
                Arguments.of(DatabaseKind.POSTGRESQL, ClaimMode.REDIS),
                Arguments.of(DatabaseKind.MARIADB, ClaimMode.IN_MEMORY),
                Arguments.of(DatabaseKind.MARIADB, ClaimMode.REDIS));
    }

    /** Each database once, with Redis in front of the servers: for tests where the claim store does not matter. */
    public static Stream<Arguments> databases() {
        return Stream.of(
                Arguments.of(DatabaseKind.H2, ClaimMode.IN_MEMORY),
                Arguments.of(DatabaseKind.POSTGRESQL, ClaimMode.REDIS),
                Arguments.of(DatabaseKind.MARIADB, ClaimMode.REDIS));
    }
}
