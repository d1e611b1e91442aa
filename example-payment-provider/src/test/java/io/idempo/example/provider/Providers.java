package io.idempo.example.provider;

import com.fasterxml.jackson.databind.JsonNode;
import io.idempo.testing.http.ApiClient;
import io.idempo.testing.http.ApiResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Providers a test starts in its JVM, stopped after each test ({@code @RegisterExtension}), and what the tests read
 * from them: the API as a client, and the database's rows as they are.
 */
final class Providers implements AfterEachCallback {

    static final String CHARGES = "/v1/charges";

    private final List<PaymentProvider> running = new ArrayList<>();

    PaymentProvider start(ProviderSettings settings) {
        try {
            PaymentProvider provider = PaymentProvider.start(settings);
            running.add(provider);
            return provider;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stops {@code provider} now, as a test that restarts it does. */
    void stop(PaymentProvider provider) {
        provider.close();
        running.remove(provider);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        running.forEach(PaymentProvider::close);
        running.clear();
    }

    static ApiClient client(PaymentProvider provider) {
        return ApiClient.at(provider.baseUri(), null, null);
    }

    static String body(long orderId, long amount) {
        return "{\"orderId\":" + orderId + ",\"amount\":" + amount + "}";
    }

    /** Every charge, as GET /v1/charges lists them. */
    static List<JsonNode> charges(PaymentProvider provider) {
        ApiResponse list = client(provider).get(CHARGES);
        List<JsonNode> charges = new ArrayList<>();
        list.json().forEach(charges::add);
        return charges;
    }

    /** The {@code code} of an error answer. */
    static String errorCode(ApiResponse response) {
        return response.json().path("error").path("code").asText();
    }

    /** The rows of {@code sql} on the running provider's database, each as "col1|col2|...". */
    static List<String> rows(PaymentProvider provider, String sql) {
        try (Connection connection = DriverManager.getConnection(provider.settings().storage().jdbcUrl(),
                "sa", ""); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(sql)) {
            List<String> result = new ArrayList<>();
            int columns = rows.getMetaData().getColumnCount();
            while (rows.next()) {
                List<String> values = new ArrayList<>();
                for (int i = 1; i <= columns; i++) {
                    values.add(rows.getString(i));
                }
                result.add(String.join("|", values));
            }
            return result;
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }
}
