package io.idempo.example.provider;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * The HTTP API: {@code POST /v1/charges} (once per {@code Idempotency-Key}), {@code GET /v1/charges} (every charge,
 * or the one of {@code ?idempotency_key=K}) and {@code GET /v1/charges/{id}}. Every answer is JSON and carries a
 * {@code Request-Id}, which the log line names too.
 */
final class ChargesApi implements HttpHandler {

    static final String REPLAYED = "Idempotent-Replayed";
    static final String REQUEST_ID = "Request-Id";
    static final String KEY_PARAMETER = "idempotency_key";

    private static final String CHARGES = "/v1/charges";
    private static final Logger LOG = Logger.getLogger(ChargesApi.class.getName());

    private final ChargeLedger ledger;
    private final Faults faults;
    private final Dice dice;
    private final WebhookSignal webhooks;

    ChargesApi(ChargeLedger ledger, Faults faults, Dice dice, WebhookSignal webhooks) {
        this.ledger = ledger;
        this.faults = faults;
        this.dice = dice;
        this.webhooks = webhooks;
    }

    @Override
    public void handle(HttpExchange exchange) {
        String requestId = Ids.request();
        exchange.getResponseHeaders().set(REQUEST_ID, requestId);
        try {
            try {
                route(exchange, requestId);
            } catch (ApiError e) {
                send(exchange, e.code().status(), e.json());
            } catch (RuntimeException e) {
                LOG.log(Level.SEVERE, "request=" + requestId + " " + exchange.getRequestMethod() + " "
                        + exchange.getRequestURI() + " failed", e);
                send(exchange, ErrorCode.INTERNAL_ERROR.status(), new ApiError(ErrorCode.INTERNAL_ERROR,
                        "The provider failed; its log names request " + requestId).json());
            }
        } catch (IOException clientGone) {
            LOG.fine(() -> "request=" + requestId + ": the client went before the answer: " + clientGone);
        } finally {
            exchange.close();
        }
    }

    private void route(HttpExchange exchange, String requestId) throws IOException {
        String path = exchange.getRequestURI().getRawPath();
        String method = exchange.getRequestMethod();
        if (path.equals(CHARGES)) {
            switch (method) {
                case "POST" -> create(exchange, requestId);
                case "GET" -> send(exchange, 200, json(list(exchange.getRequestURI().getRawQuery())));
                default -> throw notAllowed(exchange, "GET, POST");
            }
        } else if (path.matches(CHARGES + "/[^/]+")) {
            if (!method.equals("GET")) {
                throw notAllowed(exchange, "GET");
            }
            String id = path.substring(CHARGES.length() + 1);
            Charge charge = ledger.byId(id).orElseThrow(() -> new ApiError(ErrorCode.CHARGE_NOT_FOUND,
                    "No charge has the id " + id));
            send(exchange, 200, charge.json());
        } else {
            throw new ApiError(ErrorCode.NOT_FOUND, "No endpoint at " + path + "; the API is POST and GET "
                    + CHARGES + ", GET " + CHARGES + "/{id}");
        }
    }

    private void create(HttpExchange exchange, String requestId) throws IOException {
        ChargeLine line = new ChargeLine(requestId);
        try {
            IdempotencyKey key = IdempotencyKey.fromHeader(exchange.getRequestHeaders().get(IdempotencyKey.HEADER));
            line.key(key);
            exchange.getResponseHeaders().set(IdempotencyKey.HEADER, key.value());
            ChargeRequest request = ChargeRequest.read(body(exchange));
            line.request(request);
            if (dice.roll(faults.failBefore())) {
                line.fault("fail-before");
                throw new ApiError(ErrorCode.PROVIDER_UNAVAILABLE, "The provider failed before charging (fault"
                        + " fail-before) and stored nothing; send the request again with the same key");
            }
            int copies = webhooks.enabled() ? (dice.roll(faults.webhookTwice()) ? 2 : 1) : 0;
            ChargeLedger.Recorded recorded = ledger.chargeOnce(key, request, copies);
            line.recorded(recorded, copies);
            Charge charge = recorded.charge();
            switch (recorded.outcome()) {
                case CHARGED -> {
                    webhooks.chargeMade();
                    if (copies == 2) {
                        line.fault("webhook-twice");
                    }
                }
                case REPLAYED -> exchange.getResponseHeaders().set(REPLAYED, "true");
                case MISMATCH -> throw new ApiError(ErrorCode.IDEMPOTENCY_ERROR, "The key " + key + " was used for"
                        + " a charge of orderId " + charge.orderId() + " and amount " + charge.amount() + "; this"
                        + " request has orderId " + request.orderId() + " and amount " + request.amount()
                        + ": a key is for one request");
            }
            delay();
            if (dice.roll(faults.loseResponse())) {
                line.fault("lose-response");
                return; // handle() closes the connection: no answer at all
            }
            send(exchange, 200, charge.json());
        } catch (ApiError e) {
            line.refused(e);
            delay();
            send(exchange, e.code().status(), e.json());
        } finally {
            LOG.info(line::toString);
        }
    }

    private List<Charge> list(String rawQuery) {
        if (rawQuery == null || rawQuery.isEmpty()) {
            return ledger.all();
        }
        String key = null;
        for (String parameter : rawQuery.split("&", -1)) {
            int equals = parameter.indexOf('=');
            String name = equals < 0 ? parameter : parameter.substring(0, equals);
            if (!name.equals(KEY_PARAMETER)) {
                throw new ApiError(ErrorCode.PARAMETER_UNKNOWN, "Unknown parameter \"" + name + "\": GET " + CHARGES
                        + " takes " + KEY_PARAMETER + " only");
            }
            if (key != null) {
                throw new ApiError(ErrorCode.PARAMETER_INVALID, KEY_PARAMETER + " is given twice");
            }
            // The server answered a malformed %-escape 400 itself: the decoding cannot fail here.
            key = URLDecoder.decode(equals < 0 ? "" : parameter.substring(equals + 1), StandardCharsets.UTF_8);
        }
        return ledger.byKey(IdempotencyKey.parse(key, "The " + KEY_PARAMETER + " parameter")).stream().toList();
    }

    private static byte[] body(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readNBytes(ChargeRequest.MAX_BODY_BYTES + 1);
        if (body.length > ChargeRequest.MAX_BODY_BYTES) {
            throw new ApiError(ErrorCode.BODY_TOO_LARGE, "The body is longer than " + ChargeRequest.MAX_BODY_BYTES
                    + " bytes");
        }
        return body;
    }

    private void delay() {
        if (faults.delay().isZero()) {
            return;
        }
        try {
            Thread.sleep(faults.delay().toMillis());
        } catch (InterruptedException stopping) {
            Thread.currentThread().interrupt();
        }
    }

    private static ApiError notAllowed(HttpExchange exchange, String allowed) {
        exchange.getResponseHeaders().set("Allow", allowed);
        return new ApiError(ErrorCode.METHOD_NOT_ALLOWED, exchange.getRequestMethod() + " is not allowed here;"
                + " this endpoint takes " + allowed);
    }

    private static String json(List<Charge> charges) {
        return charges.stream().map(Charge::json).collect(Collectors.joining(",", "[", "]"));
    }

    private static void send(HttpExchange exchange, int status, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }
}
