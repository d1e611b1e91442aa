package io.idempo.processor;

import java.util.Collection;
import java.util.HashSet;
import java.util.Set;

/**
 * The identifiers of one scope of generated code. A name the code refers to (an imported type, a package whose
 * types it names, a user's parameter) is reserved; a name it declares is claimed, numbered from 2 on where the plain
 * one is taken ({@code pay}, {@code pay2}), so that it can neither clash with nor shadow another.
 */
final class Identifiers {

    private final Set<String> taken;

    Identifiers() {
        this.taken = new HashSet<>();
    }

    private Identifiers(Set<String> taken) {
        this.taken = new HashSet<>(taken);
    }

    void reserve(Collection<String> names) {
        taken.addAll(names);
    }

    /** {@code base}, else {@code base2}, {@code base3}, ...: the first that is free, from now on taken. */
    String claim(String base) {
        String name = base;
        for (int n = 2; taken.contains(name); n++) {
            name = base + n;
        }
        taken.add(name);
        return name;
    }

    /** A scope inside this one: it starts with every name taken here, and claims only for itself. */
    Identifiers inner() {
        return new Identifiers(taken);
    }
}
