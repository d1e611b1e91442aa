package io.idempo.example.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The webhook URL: its user info becomes Basic credentials and leaves the URL; logs show no password. */
class WebhookTargetTest {

    @Test
    void userInfoBecomesBasicCredentials() {
        WebhookTarget target = WebhookTarget.parse("http://provider:provider@127.0.0.1:8080/api/payment-callbacks");

        assertEquals(URI.create("http://127.0.0.1:8080/api/payment-callbacks"), target.uri());
        assertEquals(Optional.of("provider"), target.user());
        assertEquals(Optional.of(basic("provider:provider")), target.authorization());
        assertEquals("http://127.0.0.1:8080/api/payment-callbacks as provider", target.toString());
    }

    @Test
    void escapedUserInfoIsDecodedAndTheQueryKept() {
        WebhookTarget target = WebhookTarget.parse("https://shop%40x:p%3Ass@shop.test/hooks?source=card");

        assertEquals(URI.create("https://shop.test/hooks?source=card"), target.uri());
        assertEquals(Optional.of(basic("shop@x:p:ss")), target.authorization());
    }

    @Test
    void withoutUserInfoNoCredentialsAreSent() {
        WebhookTarget target = WebhookTarget.parse("http://[::1]:8080/api/payment-callbacks");

        assertEquals(URI.create("http://[::1]:8080/api/payment-callbacks"), target.uri());
        assertEquals(Optional.empty(), target.authorization());
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1:8080/callbacks", "ftp://host/callbacks", "http:///callbacks",
        "http://host/callbacks#part", "http://host/call backs"})
    void otherUrlsAreRefused(String url) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> WebhookTarget.parse(url));

        assertTrue(refused.getMessage().contains(url), refused::getMessage);
    }

    private static String basic(String userInfo) {
        return "Basic " + Base64.getEncoder().encodeToString(userInfo.getBytes(StandardCharsets.UTF_8));
    }
}
