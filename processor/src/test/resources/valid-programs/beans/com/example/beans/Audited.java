package com.example.beans;

/** Getters given by default methods. */
public interface Audited {
    default String getSource() {
        return "web";
    }

    default boolean isReplayable() {
        return true;
    }
}
