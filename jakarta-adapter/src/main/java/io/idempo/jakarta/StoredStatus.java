package io.idempo.jakarta;

import io.idempo.runtime.claim.StoredOutcome;
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.util.Optional;

/**
 * The HTTP status a completed record answers with, for the status resource: a stored {@link
 * jakarta.ws.rs.core.Response} keeps its own, another result is a 200, a method without result a 204; a stored
 * exception's status depends on the application's mappers and is not known here.
 */
final class StoredStatus {

    private StoredStatus() {
    }

    static Optional<Integer> of(String response) {
        StoredOutcome outcome = StoredOutcome.parse(response);
        return switch (outcome.kind()) {
            case NONE -> Optional.of(204);
            case EXCEPTION -> Optional.empty();
            case RESULT -> Optional.of(responseStatus(outcome.payload()).orElse(200));
        };
    }

    /** The status of a stored {@code Response} (see {@link JaxRsResponseCodec}); empty for any other result. */
    private static Optional<Integer> responseStatus(String payload) {
        try {
            JsonObject stored = Json.createReader(new StringReader(payload)).readObject();
            return stored.containsKey("status") && stored.containsKey("headers")
                    ? Optional.of(stored.getInt("status")) : Optional.empty();
        } catch (JsonException | ClassCastException e) {
            return Optional.empty(); // a result that is not a JSON object
        }
    }
}
