package io.idempo.example.provider;

import static io.idempo.example.provider.Providers.CHARGES;
import static io.idempo.example.provider.Providers.body;
import static io.idempo.example.provider.Providers.charges;
import static io.idempo.example.provider.Providers.errorCode;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.idempo.testing.http.ApiClient;
import io.idempo.testing.http.ApiResponse;
import io.idempo.testing.http.RawHttp;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The HTTP API on a provider in memory: charges, their replays, the lookups, and every error with its code. */
class ChargesApiTest {

    @RegisterExtension
    final Providers providers = new Providers();

    private PaymentProvider provider;
    private ApiClient client;

    @BeforeEach
    void start() {
        provider = providers.start(ProviderSettings.embedded());
        client = Providers.client(provider);
    }

    @Test
    void aChargeAnswersTheFixedShape() {
        ApiResponse charged = client.post(CHARGES, body(42, 19900), "order-42:pay");

        assertEquals(200, charged.status(), charged::toString);
        assertEquals("application/json", charged.contentType());
        JsonNode charge = charged.json();
        List<String> fields = new ArrayList<>();
        charge.fieldNames().forEachRemaining(fields::add);
        assertEquals(List.of("id", "orderId", "amount", "idempotencyKey", "status"), fields);
        assertTrue(charge.get("id").asText().matches("ch_[A-Za-z0-9]{24}"), charge::toString);
        assertEquals(42, charge.get("orderId").asLong());
        assertEquals(19900, charge.get("amount").asLong());
        assertEquals("order-42:pay", charge.get("idempotencyKey").asText());
        assertEquals("succeeded", charge.get("status").asText());
        assertTrue(charged.header("Request-Id").orElse("").startsWith("req_"), charged::toString);
        assertEquals(Optional.empty(), charged.header("Idempotent-Replayed"));
        assertEquals(List.of(charge), charges(provider));
    }

    @Test
    void theSameKeyWithTheSameParametersReturnsTheSameCharge() {
        ApiResponse first = client.post(CHARGES, body(7, 500), "k-replay");
        ApiResponse again = client.post(CHARGES, body(7, 500), "k-replay");

        assertEquals(200, again.status(), again::toString);
        assertArrayEquals(first.bodyBytes(), again.bodyBytes());
        assertEquals(Optional.of("true"), again.header("Idempotent-Replayed"));
        assertEquals(1, charges(provider).size());
    }

    @Test
    void theSameKeyWithOtherParametersIsRefusedAndChangesNothing() {
        JsonNode first = client.post(CHARGES, body(7, 500), "k-reused").json();

        for (String other : List.of(body(7, 501), body(8, 500))) {
            ApiResponse refused = client.post(CHARGES, other, "k-reused");
            assertEquals(422, refused.status(), refused::toString);
            assertEquals("idempotency_error", errorCode(refused));
        }
        assertEquals(List.of(first), charges(provider));
    }

    @Test
    void aKeyIsRequired() {
        ApiResponse refused = client.post(CHARGES, body(1, 100));

        assertEquals(400, refused.status(), refused::toString);
        assertEquals("idempotency_key_missing", errorCode(refused));
        assertTrue(charges(provider).isEmpty());
    }

    @Test
    void keysOfUpTo255AllowedCharactersAreAccepted() {
        String longest = "A".repeat(254) + "z";
        String everyKind = "Az09_.:-";

        assertEquals(200, client.post(CHARGES, body(1, 100), longest).status());
        assertEquals(200, client.post(CHARGES, body(2, 100), everyKind).status());
        assertEquals(2, charges(provider).size());
    }

    @ParameterizedTest(name = "key [{0}]")
    @CsvSource(delimiter = '|', value = {
        "''",
        "has space",
        "slash/in",
        "plus+",
        "caf\u00e9",
    })
    void keysOutsideTheRulesAreRefused(String key) {
        ApiResponse refused = client.postRaw(CHARGES, body(1, 100),
                List.of(new RawHttp.Header("Idempotency-Key", key.getBytes(StandardCharsets.UTF_8))));

        assertEquals(400, refused.status(), refused::toString);
        assertEquals("idempotency_key_invalid", errorCode(refused));
        assertTrue(charges(provider).isEmpty());
    }

    @Test
    void aKeyLongerThan255IsRefused() {
        ApiResponse refused = client.post(CHARGES, body(1, 100), "k".repeat(256));

        assertEquals(400, refused.status(), refused::toString);
        assertEquals("idempotency_key_invalid", errorCode(refused));
        assertTrue(charges(provider).isEmpty());
    }

    @Test
    void aKeySentTwiceIsRefused() {
        ApiResponse refused = client.postRaw(CHARGES, body(1, 100),
                List.of(RawHttp.Header.of("Idempotency-Key", "k-1"), RawHttp.Header.of("Idempotency-Key", "k-2")));

        assertEquals(400, refused.status(), refused::toString);
        assertEquals("idempotency_key_invalid", errorCode(refused));
        assertTrue(charges(provider).isEmpty());
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "``                                          | body_invalid",
        "`not json`                                  | body_invalid",
        "`[1,2]`                                     | body_invalid",
        "`\"orderId\"`                               | body_invalid",
        "`{\"orderId\":1,\"amount\":100`             | body_invalid",
        "`{\"orderId\":1,\"amount\":100,}`           | body_invalid",
        "`{\"orderId\":1,\"amount\":100} x`          | body_invalid",
        "`{\"orderId\":1,\"orderId\":1,\"amount\":1}` | body_invalid",
        "`{\"orderId\":01,\"amount\":100}`           | body_invalid",
        "`{'orderId':1,'amount':100}`                | body_invalid",
        "`{\"amount\":100}`                          | parameter_missing",
        "`{\"orderId\":1}`                           | parameter_missing",
        "`{}`                                        | parameter_missing",
        "`{\"orderId\":1,\"amount\":100,\"currency\":\"eur\"}` | parameter_unknown",
        "`{\"orderId\":\"1\",\"amount\":100}`        | parameter_invalid",
        "`{\"orderId\":1,\"amount\":null}`           | parameter_invalid",
        "`{\"orderId\":1,\"amount\":0}`              | parameter_invalid",
        "`{\"orderId\":1,\"amount\":-100}`           | parameter_invalid",
        "`{\"orderId\":1,\"amount\":100.0}`          | parameter_invalid",
        "`{\"orderId\":1,\"amount\":1e2}`            | parameter_invalid",
        "`{\"orderId\":1,\"amount\":true}`           | parameter_invalid",
        "`{\"orderId\":1,\"amount\":[100]}`          | parameter_invalid",
        "`{\"orderId\":9223372036854775808,\"amount\":100}` | parameter_invalid",
        "`{\"orderId\":99999999999999999999,\"amount\":100}` | parameter_invalid",
    })
    void malformedBodiesAreRefusedAndStoreNothing(String json, String code) {
        ApiResponse refused = client.post(CHARGES, json, ApiClient.newKey());

        assertEquals(400, refused.status(), refused::toString);
        assertEquals(code, errorCode(refused), refused::toString);
        assertTrue(charges(provider).isEmpty());
    }

    @Test
    void theLargestWholeNumbersAreAccepted() {
        ApiResponse charged = client.post(CHARGES, body(Long.MAX_VALUE, Long.MAX_VALUE), "k-max");

        assertEquals(200, charged.status(), charged::toString);
        assertEquals(Long.MAX_VALUE, charged.json().get("amount").asLong());
    }

    @Test
    void aBodyThatIsNotUtf8IsRefused() {
        byte[] latin1 = "{\"orderId\":1,\"amount\":100,\"n\":\"caf\u00e9\"}".getBytes(StandardCharsets.ISO_8859_1);

        ApiResponse refused = client.post(CHARGES, HttpRequest.BodyPublishers.ofByteArray(latin1),
                "application/json", "k-latin1");

        assertEquals(400, refused.status(), refused::toString);
        assertEquals("body_invalid", errorCode(refused));
        assertTrue(charges(provider).isEmpty());
    }

    @Test
    void aBodyOver4KiBIsRefused() {
        String padded = "{\"orderId\":1,\"amount\":100" + " ".repeat(ChargeRequest.MAX_BODY_BYTES) + "}";

        ApiResponse refused = client.post(CHARGES, padded, "k-large");

        assertEquals(413, refused.status(), refused::toString);
        assertEquals("body_too_large", errorCode(refused));
        assertTrue(charges(provider).isEmpty());
    }

    @Test
    void aChargeIsReadByItsIdAndByItsKey() {
        ApiResponse charged = client.post(CHARGES, body(3, 300), "k-lookup");
        String id = charged.json().get("id").asText();

        ApiResponse byId = client.get(CHARGES + "/" + id);
        assertEquals(200, byId.status(), byId::toString);
        assertArrayEquals(charged.bodyBytes(), byId.bodyBytes());

        ApiResponse byKey = client.get(CHARGES + "?idempotency_key=k-lookup");
        assertEquals(200, byKey.status(), byKey::toString);
        assertEquals("[" + charged.body() + "]", byKey.body());

        assertEquals("[]", client.get(CHARGES + "?idempotency_key=k-never-used").body());
    }

    @Test
    void theListHasEveryChargeInTheOrderTheyWereMade() {
        List<String> ids = new ArrayList<>();
        for (int order = 1; order <= 5; order++) {
            ids.add(client.post(CHARGES, body(order, 100L * order), "k-list-" + order).json().get("id").asText());
        }
        client.post(CHARGES, body(2, 200), "k-list-2");

        assertEquals(ids, charges(provider).stream().map(charge -> charge.get("id").asText()).toList());
    }

    @ParameterizedTest(name = "GET {0} -> {1} {2}")
    @CsvSource(delimiter = '|', value = {
        "/v1/charges/ch_000000000000000000000000 | 404 | charge_not_found",
        "/v1/charges/                            | 404 | not_found",
        "/v1/charges/ch_1/refunds                | 404 | not_found",
        "/v1/refunds                             | 404 | not_found",
        "/                                       | 404 | not_found",
        "/v1/charges?limit=10                    | 400 | parameter_unknown",
        "/v1/charges?idempotency_key=a&idempotency_key=b | 400 | parameter_invalid",
        "/v1/charges?idempotency_key=%E9         | 400 | idempotency_key_invalid",
        "/v1/charges?idempotency_key=            | 400 | idempotency_key_invalid",
    })
    void badLookupsAreAnsweredWithACode(String path, int status, String code) {
        ApiResponse answer = client.get(path);

        assertEquals(status, answer.status(), answer::toString);
        assertEquals(code, errorCode(answer), answer::toString);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
        "DELETE | /v1/charges      | GET, POST",
        "PUT    | /v1/charges      | GET, POST",
        "POST   | /v1/charges/ch_1 | GET",
    })
    void otherMethodsAreNotAllowed(String method, String path, String allowed) {
        ApiResponse answer = client.send(method, path, body(1, 100), "k-method");

        assertEquals(405, answer.status(), answer::toString);
        assertEquals("method_not_allowed", errorCode(answer));
        assertEquals(Optional.of(allowed), answer.header("Allow"));
        assertFalse(answer.body().isEmpty());
        assertTrue(charges(provider).isEmpty());
    }
}
