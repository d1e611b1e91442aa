package io.idempo.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.idempo.plan.MethodPlan;
import io.idempo.processor.golden.CheckoutService_Idempotency;
import io.idempo.processor.golden.GoldenVectors;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Pins the digests of fixed inputs. If one of these changes, every stored record of that shape would look like
 * a key reused with other parameters after an upgrade: change them only together with the plan format version.
 */
class GoldenVectorTest {

    static final Map<String, String> PINNED = new LinkedHashMap<>();

    static {
        PINNED.put("order.full", "2c8791141113ebc90cf3d4c32d7041e073a010a580717d2be4451e506bb1d734");
        PINNED.put("order.nulls", "5012465a7008ca6cb0f7ad1a8610b2c49f6b80836975a1b55f5e399092000836");
        PINNED.put("order.null", "e365b6f2d506f43ab2f3ba5b1dbdab2b2b307e571ab812acb6423b779e815305");
        PINNED.put("payment", "de6ecaaa414ceeaaf8024ba320174de57860ef13576bce539f1441182b9c34c7");
        PINNED.put("payment.key", "SO-2026-0001:pay");
    }

    @ParameterizedTest
    @EnumSource(GoldenVectors.Collections.class)
    void digestsArePinnedWhateverTheCollectionImplementation(GoldenVectors.Collections collections) {
        assertEquals(PINNED, GoldenVectors.digests(collections));
    }

    @Test
    void otherJvmsComputeTheSameDigests() throws IOException, InterruptedException {
        List<String> expected = new ArrayList<>();
        for (GoldenVectors.Collections collections : GoldenVectors.Collections.values()) {
            PINNED.forEach((name, digest) -> expected.add(collections + " " + name + "=" + digest));
        }
        for (int run = 0; run < 3; run++) {
            assertEquals(expected, runInNewJvm(), "JVM run " + run);
        }
    }

    @Test
    void planVersionsAndFieldsArePinned() {
        MethodPlan pay = new CheckoutService_Idempotency().plans().get(1);
        assertEquals("golden.pay", pay.action());
        assertEquals(List.of("payment.amount", "payment.currency"), pay.fingerprintFields());
        assertEquals("1ae80ac7c11029b5", pay.fingerprintVersion());
        MethodPlan place = new CheckoutService_Idempotency().plans().get(0);
        assertEquals(List.of("order"), place.fingerprintFields());
        assertEquals("d149f4851b5e97a8", place.fingerprintVersion());
        assertEquals(1, place.keyParameter());
        assertEquals(2, place.scopeParameter());
    }

    private static List<String> runInNewJvm() throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process process = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                GoldenVectors.class.getName()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new AssertionError("The child JVM failed: " + output);
        }
        return output.lines().toList();
    }
}
