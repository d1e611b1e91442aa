package com.example.payments;

import io.idempo.Idempotent;

public class PaymentService {

    @Idempotent(action = "payments.pay", key = "{payment.id}", fingerprint = "payment.id")
    public String pay(Payment payment) {
        return payment.getId();
    }

    @Idempotent(action = "payments.card")
    public String card(Payment.Card card, Payment.Transfer transfer) {
        return card.id();
    }

    @Idempotent(action = "payments.ship", fingerprint = {"shipment.carrier", "parcel"})
    public String ship(Shipment shipment, Shipment.Parcel parcel) {
        return shipment.getCarrier();
    }
}
