package io.idempo.jakarta.internal;

import static io.idempo.jakarta.internal.JsonProcessing.JSON;

import io.idempo.runtime.spi.StoredOutcome;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.util.Optional;

/**
 * The HTTP status a completed record answered with, for the status resource, where the record knows it: a stored
 * {@link jakarta.ws.rs.core.Response} keeps its own. A service method's result or exception becomes a response only
 * in the resource that called it, so its status is not known here.
 */
final class StoredStatus {

    private StoredStatus() {
    }

    static Optional<Integer> of(String response) {
        StoredOutcome outcome = StoredOutcome.parse(response);
        return outcome.kind() == StoredOutcome.Kind.RESULT ? responseStatus(outcome.payload()) : Optional.empty();
    }

    /** The status of a stored {@code Response} (see {@link JaxRsResponseCodec}); empty for any other result. */
    private static Optional<Integer> responseStatus(String payload) {
        try {
            JsonObject stored = JSON.createReader(new StringReader(payload)).readObject();
            return stored.containsKey("status") && stored.containsKey("headers")
                    ? Optional.of(stored.getInt("status")) : Optional.empty();
        } catch (JsonException | ClassCastException e) {
            return Optional.empty(); // a result that is not a JSON object
        }
    }
}
