package io.idempo.jakarta.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.idempo.runtime.IdempotencyContext;
import jakarta.json.JsonObject;
import jakarta.ws.rs.core.Response;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ProblemTest {

    @Test
    void aReusedKeyNamesTheDifferingFieldsInAProblemDocument() {
        Response response = Problem.KEY_REUSED.response(null, List.of("request.amount")).build();
        JsonObject body = (JsonObject) response.getEntity();
        assertEquals(422, response.getStatus());
        assertEquals("application/problem+json", response.getMediaType().toString());
        assertEquals("IDEMPOTENCY_KEY_REUSED", body.getString("code"));
        assertEquals("https://idempo.io/problems/key-reused", body.getString("type"));
        assertEquals(422, body.getInt("status"));
        assertEquals("request.amount", body.getJsonArray("differingFields").getString(0));
    }

    @Test
    void otherProblemsCarryNoFieldList() {
        JsonObject body = (JsonObject) Problem.KEY_MISSING.response(null, List.of()).build().getEntity();
        assertEquals(400, body.getInt("status"));
        assertNull(body.get("differingFields"));
    }

    @Test
    void aProblemNamesTheRequestIdWhenTheRequestHasOne() {
        try (IdempotencyContext.Scope ignored = IdempotencyContext.open(
                IdempotencyContext.Request.of(null, null).withRequestId("req-77"))) {
            JsonObject body = (JsonObject) Problem.REQUEST_IN_PROGRESS.response(null, List.of()).build().getEntity();
            assertEquals("req-77", body.getString("requestId"));
        }
        JsonObject without = (JsonObject) Problem.REQUEST_IN_PROGRESS.response(null, List.of()).build().getEntity();
        assertNull(without.get("requestId"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', nullValues = "null", value = {
        "wait=5|5", "respond-async, wait=10|10", "wait = 3|3", "return=minimal|null", "wait=abc|null",
        "handling=lenient; wait=7|7"})
    void preferWaitIsParsed(String prefer, Long seconds) {
        assertEquals(seconds == null ? null : Duration.ofSeconds(seconds), IdempotencyKeyFilter.requestedWait(prefer));
    }
}
