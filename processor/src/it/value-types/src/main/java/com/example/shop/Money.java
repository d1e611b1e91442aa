package com.example.shop;

import com.google.auto.value.AutoValue;

@AutoValue
public abstract class Money {
    public abstract String currency();

    public abstract long cents();

    public static Money of(String currency, long cents) {
        return new AutoValue_Money(currency, cents);
    }
}
