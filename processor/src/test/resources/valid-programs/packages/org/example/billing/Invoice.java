package org.example.billing;

import java.math.BigDecimal;

/** A type of a package with another root. */
public record Invoice(String number, BigDecimal total) {
}
