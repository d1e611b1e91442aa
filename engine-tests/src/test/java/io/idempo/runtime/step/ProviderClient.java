package io.idempo.runtime.step;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What an application's provider client does: one HTTP request per charge, with the step's key as its own. */
final class ProviderClient {

    private static final Pattern ID = Pattern.compile("\"id\":\"([^\"]+)\"");

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final String url;

    ProviderClient(String url) {
        this.url = url;
    }

    /**
     * Charges {@code amount} under {@code idempotencyKey}.
     *
     * @throws IOException when the provider did not answer 200: whether it charged is unknown to the caller
     */
    Receipt charge(String idempotencyKey, long amount) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url + "/v1/charges"))
                .timeout(Duration.ofSeconds(10))
                .header("Idempotency-Key", idempotencyKey)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("amount=" + amount)).build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("provider answered " + response.statusCode() + ": " + response.body());
        }
        Matcher id = ID.matcher(response.body());
        if (!id.find()) {
            throw new IOException("no charge id in " + response.body());
        }
        return new Receipt(id.group(1), amount);
    }
}
