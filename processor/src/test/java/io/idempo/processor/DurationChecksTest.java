package io.idempo.processor;

import static io.idempo.processor.DiagnosticAssertions.assertError;
import static io.idempo.processor.DiagnosticAssertions.java;

import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** P012: {@code ttl} and {@code lease} are positive ISO-8601 durations. */
class DurationChecksTest {

    @Test
    void p012_zeroTtl() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            ttl = \"PT0S\",",
                "            lease = \"PT30S\")",
                "    String place(String sku) {",
                "        return sku;",
                "    }",
                "}");
        assertError(source, Message.INVALID_DURATION,
                "ttl = \"PT0S\" is not positive; write a positive ISO-8601 duration such as \"PT30M\" or \"PT24H\"",
                "ttl = \"PT0S\",");
    }

    @Test
    void p012_negativeLease() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            ttl = \"PT30M\",",
                "            lease = \"-PT30S\")",
                "    String place(String sku) {",
                "        return sku;",
                "    }",
                "}");
        assertError(source, Message.INVALID_DURATION,
                "lease = \"-PT30S\" is not positive",
                "lease = \"-PT30S\")");
    }

    @Test
    void p012_notADuration() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            ttl = \"30 minutes\")",
                "    String place(String sku) {",
                "        return sku;",
                "    }",
                "}");
        assertError(source, Message.INVALID_DURATION,
                "ttl = \"30 minutes\" is not an ISO-8601 duration",
                "ttl = \"30 minutes\")");
    }

    @Test
    void p012_monthsAreNotADuration() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            ttl = \"P1M\")",
                "    String place(String sku) {",
                "        return sku;",
                "    }",
                "}");
        assertError(source, Message.INVALID_DURATION,
                "ttl = \"P1M\" uses years, months or weeks, which java.time.Duration does not accept (count days, as "
                        + "in \"P30D\"); write a positive ISO-8601 duration such as \"PT30M\" or \"PT24H\"",
                "ttl = \"P1M\")");
    }
}
