package com.example.names;

import io.idempo.Idempotent;
import java.util.List;

/** The clashes: a method named plans, overloads of pay beside pay2, a parameter named value1. */
public class PaymentService {

    @Idempotent(action = "payments.plans")
    public String plans(String account) {
        return account;
    }

    @Idempotent(action = "payments.pay")
    public String pay(String account, long cents) {
        return account;
    }

    @Idempotent(action = "payments.payWithNote")
    public String pay(String account, long cents, String note) {
        return account;
    }

    @Idempotent(action = "payments.pay2")
    public String pay2(String account) {
        return account;
    }

    @Idempotent(action = "payments.split")
    public String split(String value1, List<List<String>> shares) {
        return value1;
    }
}
