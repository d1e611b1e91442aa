package com.example.payments;

/** A sealed interface: read through its getter on a path; its permitted records read whole. */
public sealed interface Payment permits Payment.Card, Payment.Transfer {

    String getId();

    record Card(String id, String last4) implements Payment {
        @Override
        public String getId() {
            return id;
        }
    }

    record Transfer(String id, String iban) implements Payment {
        @Override
        public String getId() {
            return id;
        }
    }
}
