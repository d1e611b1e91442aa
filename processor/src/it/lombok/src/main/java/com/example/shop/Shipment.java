package com.example.shop;

import lombok.Builder;
import lombok.Value;

/** An immutable value with a builder. */
@Value
@Builder
public class Shipment {
    String trackingId;
    String carrier;
}
