package com.example.names;

/** A class named like java.lang.Override, in the package of the generated class. */
public final class Override {
}
