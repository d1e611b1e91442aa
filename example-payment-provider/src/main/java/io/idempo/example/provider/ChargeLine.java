package io.idempo.example.provider;

/**
 * The one log line of a charge request, filled in as the request goes:
 * {@code charge request=req_... key=K order=1 amount=100 outcome=charged charge=ch_... webhooks=1}, and
 * {@code fault=...} when a fault was injected, {@code status=... code=...} when it was refused.
 */
final class ChargeLine {

    private final String requestId;
    private String key = "-";
    private String order = "-";
    private String amount = "-";
    private String outcome = "failed";
    private String details = "";

    ChargeLine(String requestId) {
        this.requestId = requestId;
    }

    void key(IdempotencyKey key) {
        this.key = key.value();
    }

    void request(ChargeRequest request) {
        order = Long.toString(request.orderId());
        amount = Long.toString(request.amount());
    }

    void recorded(ChargeLedger.Recorded recorded, int webhooks) {
        outcome = recorded.outcome().word();
        details += " charge=" + recorded.charge().id();
        if (recorded.outcome() == ChargeLedger.Outcome.CHARGED) {
            details += " webhooks=" + webhooks;
        }
    }

    void fault(String fault) {
        if (outcome.equals("failed")) {
            outcome = "fault-injected";
        }
        details += " fault=" + fault;
    }

    void refused(ApiError error) {
        if (outcome.equals("failed")) {
            outcome = "rejected";
        }
        details += " status=" + error.code().status() + " code=" + error.code().code();
    }

    @Override
    public String toString() {
        return "charge request=" + requestId + " key=" + key + " order=" + order + " amount=" + amount + " outcome="
                + outcome + details;
    }
}
