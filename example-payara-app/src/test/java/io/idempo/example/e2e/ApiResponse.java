package io.idempo.example.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.util.Optional;

/** An HTTP answer of the app: status, headers and body, with the body as JSON on demand. */
public final class ApiResponse {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpResponse<String> response;

    ApiResponse(HttpResponse<String> response) {
        this.response = response;
    }

    public int status() {
        return response.statusCode();
    }

    public String body() {
        return response.body();
    }

    /** The body parsed as JSON. */
    public JsonNode json() {
        try {
            return JSON.readTree(response.body());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException("Not JSON (" + status() + "): " + response.body(), e);
        }
    }

    /** The first value of a header, if present. */
    public Optional<String> header(String name) {
        return response.headers().firstValue(name);
    }

    public String contentType() {
        return header("Content-Type").orElse("");
    }

    @Override
    public String toString() {
        return response.request().method() + " " + response.uri() + " -> " + status() + " " + body();
    }
}
