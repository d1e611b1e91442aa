package com.example.generics;

/** An inner class of a generic class: its type is {@code Outer<String>.Inner}. */
public class Outer<T> {
    private final String name = "outer";

    public class Inner {
        public String getName() {
            return name;
        }
    }
}
