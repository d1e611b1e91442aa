package com.example.model;

import java.util.List;

/** A model type in its own package, read from another one. */
public record Order(String id, Customer customer, List<Line> lines) {

    public record Line(String sku, int quantity) {
    }
}
