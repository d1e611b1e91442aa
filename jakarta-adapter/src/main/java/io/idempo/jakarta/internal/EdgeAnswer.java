package io.idempo.jakarta.internal;

import static io.idempo.jakarta.internal.JsonProcessing.JSON;

import io.idempo.jakarta.IdempotencyHeaders;
import io.idempo.runtime.RecordKey;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import java.io.StringReader;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A first call's HTTP answer as the edge replay keeps it: the status, the headers a duplicate must get again
 * ({@code Location}, {@code Content-Type}, the application's own), the body's bytes as they were sent, and the record's
 * key, so that the replay is logged and counted under the action it belongs to.
 */
record EdgeAnswer(RecordKey key, int status, Map<String, List<String>> headers, byte[] body) {

    /**
     * Headers of the first answer that are not replayed: they describe that response or that request ({@code Date},
     * lengths, the request id), or must never be handed out twice ({@code Set-Cookie}).
     */
    private static final Set<String> NOT_REPLAYED = Set.of("date", "content-length", "transfer-encoding",
            "connection", "set-cookie", IdempotencyHeaders.REQUEST_ID.toLowerCase(Locale.ROOT),
            IdempotencyHeaders.REPLAYED.toLowerCase(Locale.ROOT));

    static EdgeAnswer of(RecordKey key, int status, MultivaluedMap<String, String> headers, byte[] body) {
        Map<String, List<String>> kept = new LinkedHashMap<>();
        headers.forEach((name, values) -> {
            if (!NOT_REPLAYED.contains(name.toLowerCase(Locale.ROOT))) {
                kept.put(name, List.copyOf(values));
            }
        });
        return new EdgeAnswer(key, status, kept, body);
    }

    /** The replay: the first answer again, marked {@code Idempotent-Replayed: true}. */
    Response response() {
        Response.ResponseBuilder response = Response.status(status);
        headers.forEach((name, values) -> values.forEach(value -> response.header(name, value)));
        if (body.length > 0) {
            response.entity(body);
        }
        return response.header(IdempotencyHeaders.REPLAYED, "true").build();
    }

    String encode() {
        JsonObjectBuilder headerObject = JSON.createObjectBuilder();
        headers.forEach((name, values) -> {
            JsonArrayBuilder array = JSON.createArrayBuilder();
            values.forEach(array::add);
            headerObject.add(name, array);
        });
        return JSON.createObjectBuilder()
                .add("action", key.action())
                .add("scope", key.scope())
                .add("key", key.clientKey())
                .add("status", status)
                .add("headers", headerObject)
                .add("body", Base64.getEncoder().encodeToString(body))
                .build().toString();
    }

    static EdgeAnswer decode(String text) {
        JsonObject json;
        try (var reader = JSON.createReader(new StringReader(text))) {
            json = reader.readObject();
        }
        Map<String, List<String>> headers = new LinkedHashMap<>();
        json.getJsonObject("headers").forEach((name, values) -> headers.put(name,
                values.asJsonArray().stream().map(value -> ((JsonString) value).getString()).toList()));
        return new EdgeAnswer(new RecordKey(json.getString("action"), json.getString("scope"), json.getString("key")),
                json.getInt("status"), headers, Base64.getDecoder().decode(json.getString("body")));
    }
}
