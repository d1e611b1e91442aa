package com.example.shop;

public record Receipt(String sku) {
}
