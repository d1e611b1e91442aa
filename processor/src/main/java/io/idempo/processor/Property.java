package io.idempo.processor;

import javax.lang.model.element.Element;
import javax.lang.model.type.TypeMirror;

/**
 * A readable property of a fingerprinted type.
 *
 * @param name     the property name used in paths and in the encoding
 * @param accessor the source that reads it from a value, appended to the value's expression: {@code .amount()},
 *                 {@code .getAmount()} or {@code .amount}
 * @param type     its type as a member of the containing type (type arguments substituted)
 * @param element  the accessor method or field, for positions and {@code @FingerprintExclude}
 * @param excluded whether it is marked {@code @FingerprintExclude}
 */
record Property(String name, String accessor, TypeMirror type, Element element, boolean excluded) {
}
