package io.idempo.example.e2e;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.testing.database.TestDatabase;
import io.idempo.testing.server.ChildProcessServer;
import io.idempo.testing.server.PayaraMicroServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Jakarta EE without a weaving plugin: the build's second WAR, whose classes were never woven (what
 * {@code -Didempo.weaving=false} builds), on PostgreSQL and Redis, demo faults on. The adapter's CDI interceptor alone
 * runs the {@code @Idempotent} methods, and the whole contract ({@link IdempotencyScenarios}, with the seeds' four
 * tests) holds as it does on the woven WAR.
 */
class InterceptorOnlyIT extends IdempotencyScenarios {

    private static final String SERVICE = "WEB-INF/classes/io/idempo/example/orders/OrderService.class";

    @RegisterExtension
    static final PayaraMicroServer server = ExampleApp.unwovenOnPayara(TestDatabase.postgresql()).withSharedRedis()
            .withEnv(ExampleApp.DEMO_FAULTS, "true");

    @Override
    PayaraMicroServer server() {
        return server;
    }

    @Test
    void theWarUnderTestIsNotWovenWhileTheDefaultOneIs() throws IOException {
        assertFalse(wovenByAjc(ChildProcessServer.pathProperty("e2e.unwoven-war")), "the unwoven WAR is woven");
        assertTrue(wovenByAjc(ChildProcessServer.pathProperty("e2e.war")), "the default WAR is not woven");
        assertTrue(String.join("\n", server.logLines("idempo started")).contains("claim store redis"));
    }

    /** ajc leaves its join-point fields ({@code ajc$tjp_0}) in every class it weaves. */
    private static boolean wovenByAjc(Path war) throws IOException {
        try (ZipFile zip = new ZipFile(war.toFile())) {
            byte[] service = zip.getInputStream(zip.getEntry(SERVICE)).readAllBytes();
            return new String(service, StandardCharsets.ISO_8859_1).contains("ajc$");
        }
    }
}
