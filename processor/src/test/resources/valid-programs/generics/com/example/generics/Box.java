package com.example.generics;

/** A generic class whose properties do not depend on its type variable. */
public class Box<T> {
    private final String label;

    public Box(String label) {
        this.label = label;
    }

    public String getLabel() {
        return label;
    }

    public void put(T item) {
    }
}
