package com.example.beans;

/** A superclass whose getters its subclasses inherit. */
public abstract class Tenanted {
    private String tenant;

    public String getTenant() {
        return tenant;
    }

    public void setTenant(String tenant) {
        this.tenant = tenant;
    }
}
