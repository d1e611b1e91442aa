package com.example.generics;

import java.util.List;

/** A generic page: read with its type argument. */
public record Page<T>(int number, List<T> items) {
}
