package io.idempo.runtime.spi;

import java.time.Duration;

/** A completed call to keep under its key until {@code ttl} from now: what {@link ClaimStore#complete} writes. */
public record Completion(String keyHash, CompletedCall call, Duration ttl) {
}
