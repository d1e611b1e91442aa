package com.example.generics;

import io.idempo.Idempotent;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A generic service: the class's type variable in a parameter, pages of pages, maps, optionals and arrays. */
public class Catalogue<T> {

    public record Item(String sku, long cents) {
    }

    @Idempotent(action = "catalogue.import")
    public String importPages(Page<Item> page, Page<Page<Item>> book, Map<String, List<Item>> bySku,
                              Optional<Item> featured, Item[] extras, String[][] tags) {
        return "ok";
    }

    @Idempotent(action = "catalogue.box", key = "{box.label}")
    public String box(Box<T> box, Box<List<T>> boxes, Box<? extends Number> numbers) {
        return box.getLabel();
    }

    @Idempotent(action = "catalogue.inner", key = "{inner.name}")
    public String inner(Outer<String>.Inner inner) {
        return inner.getName();
    }

    @Idempotent(action = "catalogue.generic", fingerprint = "ids")
    public <E extends Comparable<E>> String generic(List<String> ids, E ignored, List<? super E> sink) {
        return "ok";
    }
}
