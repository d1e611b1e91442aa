package io.idempo.example.faults;

/**
 * One request of a fault test, as the client saw it.
 *
 * @param key       the idempotency key
 * @param sender    which of the key's senders sent it (0, 1, ...)
 * @param attempt   the sender's attempt, from 1
 * @param status    the HTTP status, or {@link #NO_ANSWER} when the connection failed or timed out
 * @param problem   the problem+json code of an error answer, else null
 * @param replayed  whether the answer said {@code Idempotent-Replayed: true}
 * @param bodyHash  SHA-256 of a 2xx body (hex), else null
 * @param millis    how long the client waited for the answer
 * @param endedAt   when the answer came (or the attempt failed), in {@link System#nanoTime()}
 * @param error     what went wrong when there was no answer, else null
 */
public record Attempt(String key, int sender, int attempt, int status, String problem, boolean replayed,
                      String bodyHash, long millis, long endedAt, String error) {

    /** The status of an attempt that got no HTTP answer. */
    public static final int NO_ANSWER = -1;

    public boolean succeeded() {
        return status >= 200 && status < 300;
    }

    /** A server error or no answer: the request may or may not have committed. */
    public boolean failed() {
        return status >= 500 || status == NO_ANSWER;
    }

    /** Worth another try with the same key: in progress (409), a server error, or no answer at all. */
    public boolean retryable() {
        return status == 409 || status >= 500 || status == NO_ANSWER;
    }
}
