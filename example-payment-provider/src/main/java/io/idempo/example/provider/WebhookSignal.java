package io.idempo.example.provider;

/** What the API tells the webhooks: whether there are any, and that a charge was made (its deliveries are due). */
interface WebhookSignal {

    /** No webhook URL: a charge gets no deliveries. */
    WebhookSignal NONE = new WebhookSignal() {
        @Override
        public boolean enabled() {
            return false;
        }

        @Override
        public void chargeMade() {
        }
    };

    boolean enabled();

    void chargeMade();
}
