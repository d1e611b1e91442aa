package io.idempo.benchmarks.e2e;

import io.idempo.testing.http.ApiClient;
import io.idempo.testing.server.PayaraMicroServer;
import java.util.Map;

/** The completed keys that a duplicates series repeats, and the wrk script's variables that name them. */
final class PrimedKeys {

    private PrimedKeys() {
    }

    /**
     * Completes keys {@code prefix + 0 .. count - 1} on {@code series}' idempotent endpoint.
     *
     * @return the wrk script's LOAD_PRIMED_* variables
     */
    static Map<String, String> prime(PayaraMicroServer server, Series series, String prefix, int count) {
        ApiClient alice = server.client(LoadRequests.USER);
        for (int number = 0; number < count; number++) {
            int status = alice.post(series.path(true), LoadRequests.orderBody(number, 100), prefix + number).status();
            if (status != 201) {
                throw new IllegalStateException("Priming key " + prefix + number + " answered " + status);
            }
        }
        return Map.of("LOAD_PRIMED_PREFIX", prefix, "LOAD_PRIMED_COUNT", Integer.toString(count));
    }
}
