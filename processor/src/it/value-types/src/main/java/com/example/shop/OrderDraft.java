package com.example.shop;

import org.immutables.value.Value;

@Value.Immutable
public interface OrderDraft {
    String sku();

    int quantity();
}
