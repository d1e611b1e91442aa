package io.idempo.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RulesTest {

    @ParameterizedTest
    @ValueSource(strings = {"orders.create", "OrderService.placeOrder", "a", "jobs.expire-orders_v2"})
    void actionsInTheCharacterSetAreAccepted(String action) {
        assertEquals(Optional.empty(), Rules.actionViolation(action));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "1orders", "orders:create", "orders create", "a123456789012345678901234567890123456789"
            + "0123456789012345678901234"})
    void otherActionsAreRefusedNamingThePattern(String action) {
        assertEquals(Optional.of("must match " + Rules.ACTION_PATTERN), Rules.actionViolation(action));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "PT30M|", "PT24H|", "P30D|", "|",
        "PT0S|is not positive", "-PT5S|is not positive", "30 minutes|is not an ISO-8601 duration",
        "P1M|uses years, months or weeks"})
    void durationsArePositiveIsoDurations(String text, String violation) {
        Optional<String> found = Rules.durationViolation(text == null ? "" : text);
        if (violation == null) {
            assertEquals(Optional.empty(), found);
        } else {
            assertTrue(found.orElseThrow().startsWith(violation), found.get());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"idempo_record", "app.idempo_record", "_t1", "A"})
    void plainAndSchemaQualifiedTableNamesAreAccepted(String table) {
        assertEquals(Optional.empty(), Rules.tableNameViolation(table));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "idempo_record; DROP TABLE users", "idempo-record", "\"quoted\"", "a.b.c", "1st",
            "a_name_that_is_far_too_long_for_an_index_name_to_follow"})
    void otherTableNamesAreRefused(String table) {
        assertTrue(Rules.tableNameViolation(table).isPresent());
    }

    @ParameterizedTest
    @CsvSource({"order_20260413001:pay-1.0, true", "'', true", "a b, false", "a/b, false", "{x}, false"})
    void keyLiteralsStayInTheKeyCharacterSet(String text, boolean accepted) {
        assertEquals(accepted, Rules.isKeyLiteral(text));
        assertFalse(Rules.isKeyLiteral("\n"));
    }
}
