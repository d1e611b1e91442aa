package io.idempo.outbox;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The broker's answer to a batch of outbox events.
 *
 * @param confirmed the ids of the events the broker took responsibility for
 * @param refused   the ids of the events it refused, each with the reason, in a sentence that names no payload value
 */
public record PublishResult(Set<String> confirmed, Map<String, String> refused) {

    public PublishResult {
        confirmed = Set.copyOf(Objects.requireNonNull(confirmed, "confirmed"));
        refused = Map.copyOf(Objects.requireNonNull(refused, "refused"));
    }

    /** Every event of the batch confirmed. */
    public static PublishResult allConfirmed(List<OutboxEvent> events) {
        return new PublishResult(events.stream().map(OutboxEvent::id).collect(Collectors.toSet()), Map.of());
    }
}
