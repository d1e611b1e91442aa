package io.idempo.example.provider;

/**
 * One charge the provider made: once per idempotency key, always {@value #STATUS} (this provider declines nothing).
 *
 * @param id             {@code ch_} and 24 letters and digits
 * @param orderId        the shop's order
 * @param amount         in minor units (cents)
 * @param idempotencyKey the key it was made under
 */
public record Charge(String id, long orderId, long amount, String idempotencyKey) {

    public static final String STATUS = "succeeded";

    /** {@code {"id":"ch_...","orderId":n,"amount":n,"idempotencyKey":"...","status":"succeeded"}} (fixed contract). */
    public String json() {
        return "{\"id\":" + JsonText.quote(id) + ",\"orderId\":" + orderId + ",\"amount\":" + amount
                + ",\"idempotencyKey\":" + JsonText.quote(idempotencyKey) + ",\"status\":\"" + STATUS + "\"}";
    }

    /** The webhook's body, the shop's callback: {@code {"channelTxnId":"ch_...","orderId":n,"amount":n,"status":"SUCCESS"}}. */
    public String callbackJson() {
        return "{\"channelTxnId\":" + JsonText.quote(id) + ",\"orderId\":" + orderId + ",\"amount\":" + amount
                + ",\"status\":\"SUCCESS\"}";
    }
}
