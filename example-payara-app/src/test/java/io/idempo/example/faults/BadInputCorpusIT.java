package io.idempo.example.faults;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.example.e2e.ExampleApp;
import io.idempo.testing.database.TestDatabase;
import io.idempo.testing.http.ApiClient;
import io.idempo.testing.http.ApiResponse;
import io.idempo.testing.server.PayaraMicroServer;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.text.Normalizer;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue #6, item 10: a corpus of bad keys and bad bodies ({@link BadInput}), each answered with its documented
 * 4xx and, but where Payara's HTTP layer refuses a header itself, a problem+json body; and each leaving nothing
 * behind: no Redis key under the server's prefix, no row in {@code idempo_record} or {@code shop_orders}. Then two
 * pairs of requests with one key whose bodies differ only in spelling: 1 and 1.0 for an integer field (one value,
 * so the second is a replay) and the NFC and NFD forms of a string (different code points, so the second is a 422).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BadInputCorpusIT {

    @RegisterExtension
    static final PayaraMicroServer server = ExampleApp.onPayara(TestDatabase.postgresql()).withSharedRedis();

    /** The receipts of an order of alice's: an endpoint with a free-text field ({@code email}). */
    private String receipts;

    @BeforeAll
    void placeAnOrderForItsReceipts() {
        ApiResponse order = alice().post(BadInput.ORDERS, "{\"productId\":930002,\"quantity\":1,\"amount\":100}",
                ApiClient.newKey());
        assertEquals(201, order.status(), order.toString());
        receipts = BadInput.ORDERS + "/" + order.json().get("id").asLong() + "/receipts";
    }

    Stream<BadInput> corpus() {
        return Stream.concat(BadInput.keys().stream(), BadInput.bodies(receipts).stream());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void isRefusedWithItsDocumentedProblemAndStoresNothing(BadInput input) throws SQLException {
        Stored before = stored();
        ApiResponse answer = input.send().apply(alice());
        String problem = BadInput.problemOf(answer);
        System.out.printf("[faults] bad input, %s: %d %s%n", input, answer.status(), problem);

        assertEquals(input.status(), answer.status(), answer.toString());
        assertTrue(input.problems().contains(problem), "documented: " + input.problems() + "; got " + answer);
        assertEquals(before, stored(), "a refused request stores nothing");
    }

    /**
     * {@code quantity} is an {@code Integer}: 1, 1.0, 1e0 and 0.1e1 are one value and bind alike, so the same key
     * replays the first answer; 1.5 is not a whole number and is refused as malformed (400) before the key is
     * looked at, never told "key reused" (422).
     */
    @Test
    void oneAndOnePointZeroAreOneQuantity() throws SQLException {
        String key = ApiClient.newKey();
        ApiResponse first = alice().post(BadInput.ORDERS, order("1"), key);
        assertEquals(201, first.status(), first.toString());
        Stored afterFirst = stored();

        for (String quantity : List.of("1.0", "1e0", "0.1e1")) {
            ApiResponse again = alice().post(BadInput.ORDERS, order(quantity), key);
            assertEquals(201, again.status(), quantity + ": " + again);
            assertEquals("true", again.header("Idempotent-Replayed").orElse(""), quantity + ": " + again);
            assertArrayEquals(first.bodyBytes(), again.bodyBytes(), quantity);
        }
        ApiResponse fraction = alice().post(BadInput.ORDERS, order("1.5"), key);
        assertEquals(400, fraction.status(), fraction.toString());
        assertEquals(BadInput.MALFORMED_BODY, BadInput.problemOf(fraction), fraction.toString());
        assertEquals(afterFirst, stored(), "one order, one record, one Redis key");
    }

    /**
     * The fingerprint compares a string's code points without Unicode normalisation
     * (docs/fingerprint-encoding.md): "josé" typed as one code point (NFC) and as "e" plus a combining accent (NFD)
     * are two requests, so the second under the first's key is refused with 422 naming the field, sends no mail
     * and stores nothing; the first spelling still replays.
     */
    @Test
    void theNfcAndNfdSpellingsOfAnEmailAreTwoRequests() throws SQLException {
        String nfc = Normalizer.normalize("jos\u00e9@example.com", Normalizer.Form.NFC);
        String nfd = Normalizer.normalize(nfc, Normalizer.Form.NFD);
        assertNotEquals(nfc, nfd);
        String key = ApiClient.newKey();
        ApiResponse first = alice().post(receipts, email(nfc), key);
        assertEquals(202, first.status(), first.toString());
        Stored afterFirst = stored();
        int mails = alice().get(receipts).json().size();

        ApiResponse other = alice().post(receipts, email(nfd), key);
        assertEquals(422, other.status(), other.toString());
        assertEquals("IDEMPOTENCY_KEY_REUSED", other.problemCode(), other.toString());
        assertEquals("[\"request.email\"]", other.json().get("differingFields").toString());
        assertEquals(afterFirst, stored(), "the 422 stored nothing");
        assertEquals(mails, alice().get(receipts).json().size(), "no mail for the refused spelling");

        ApiResponse replay = alice().post(receipts, email(nfc), key);
        assertEquals("true", replay.header("Idempotent-Replayed").orElse(""), replay.toString());
        assertArrayEquals(first.bodyBytes(), replay.bodyBytes());
    }

    private static ApiClient alice() {
        return server.client("alice");
    }

    private static String order(String quantity) {
        return "{\"productId\":930003,\"quantity\":" + quantity + ",\"amount\":100}";
    }

    private static String email(String address) {
        return "{\"email\":\"" + address + "\"}";
    }

    /** What the server has stored: rows in both tables and keys under its Redis prefix. */
    private record Stored(long records, long orders, long redisKeys) {
    }

    private static Stored stored() throws SQLException {
        try (Connection connection = server.database().connect()) {
            return new Stored(count(connection, "idempo_record"), count(connection, "shop_orders"),
                    server.redisKeyCount());
        }
    }

    private static long count(Connection connection, String table) throws SQLException {
        try (ResultSet rows = connection.createStatement().executeQuery("SELECT COUNT(*) FROM " + table)) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
