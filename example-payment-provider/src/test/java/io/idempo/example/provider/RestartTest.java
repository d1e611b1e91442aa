package io.idempo.example.provider;

import static io.idempo.example.provider.Providers.CHARGES;
import static io.idempo.example.provider.Providers.body;
import static io.idempo.example.provider.Providers.charges;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.idempo.testing.http.ApiResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** A provider stopped and started on the same data folder keeps its charges and their keys. */
class RestartTest {

    @RegisterExtension
    final Providers providers = new Providers();

    @TempDir
    Path data;

    @Test
    void aRestartKeepsTheChargesAndTheirKeys() {
        ProviderSettings settings = ProviderSettings.embedded().withStorage(Storage.directory(data));
        PaymentProvider before = providers.start(settings);
        ApiResponse first = Providers.client(before).post(CHARGES, body(5, 700), "k-restart");
        Providers.client(before).post(CHARGES, body(6, 800), "k-restart-2");
        List<JsonNode> charged = charges(before);
        providers.stop(before);
        assertTrue(Files.isRegularFile(data.resolve("provider.mv.db")), "the database file is in the data folder");

        PaymentProvider after = providers.start(settings);

        assertEquals(charged, charges(after));
        ApiResponse replay = Providers.client(after).post(CHARGES, body(5, 700), "k-restart");
        assertEquals(200, replay.status(), replay::toString);
        assertArrayEquals(first.bodyBytes(), replay.bodyBytes());
        assertEquals(Optional.of("true"), replay.header("Idempotent-Replayed"));
        assertEquals(422, Providers.client(after).post(CHARGES, body(5, 701), "k-restart").status());
        assertEquals(2, charges(after).size());
    }

    @Test
    void aFolderInUseByAnotherProviderIsRefusedAtStart() {
        ProviderSettings settings = ProviderSettings.embedded().withStorage(Storage.directory(data));
        providers.start(settings);

        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> PaymentProvider.start(settings.withStorage(Storage.directory(data))));

        assertTrue(refused.getMessage().contains("in use by another payment provider"), refused::getMessage);
    }

    @Test
    void aProviderInMemoryStartsEmptyEachTime() {
        PaymentProvider first = providers.start(ProviderSettings.embedded());
        Providers.client(first).post(CHARGES, body(1, 100), "k-memory");
        providers.stop(first);

        assertEquals(List.of(), charges(providers.start(ProviderSettings.embedded())));
    }
}
