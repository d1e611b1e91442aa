package com.example.model;

/** A bean with public getters, and a package-private one that another package does not see. */
public class Customer {
    public String getName() {
        return "Ada";
    }

    String getInternalRating() {
        return "A";
    }
}
