package com.example.shop;

import io.idempo.FingerprintExclude;
import java.math.BigDecimal;
import java.util.List;

public record OrderRequest(long productId, int quantity, BigDecimal amount, List<Line> lines,
                           @FingerprintExclude String clientTimestamp) {

    public record Line(String sku, int quantity) {
    }
}
