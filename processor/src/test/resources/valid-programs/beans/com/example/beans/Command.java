package com.example.beans;

import java.math.BigDecimal;
import java.util.List;

/** A JavaBean: getters, an is-getter, a public field and a package-private one, inherited getters. */
public class Command extends Tenanted implements Audited {
    public String note;
    long priority;
    private String sku;
    private BigDecimal amount;
    private boolean express;
    private List<Item> items;

    public String getSku() {
        return sku;
    }

    public void setSku(String sku) {
        this.sku = sku;
    }

    public BigDecimal getAmount() {
        return amount;
    }

    public boolean isExpress() {
        return express;
    }

    public List<Item> getItems() {
        return items;
    }

    @Override
    public String getSource() {
        return "api";
    }

    public static class Item {
        private String code;

        public String getCode() {
            return code;
        }
    }
}
