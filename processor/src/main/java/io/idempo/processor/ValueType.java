package io.idempo.processor;

import java.util.Map;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/**
 * A type whose implementation Immutables or AutoValue generates from its accessors: its attributes, not its getters
 * and fields, are its state, so they are its readable properties, whether it is read through the annotated abstract
 * type or through the generated class ({@code ImmutableOrderDraft}, {@code AutoValue_Money}) that inherits them.
 *
 * @param annotation  the framework's annotation as written in source, for messages: {@code @Value.Immutable}
 * @param declaration the annotated abstract type: the type read, or a supertype of it
 * @param attributes  the accessor of each attribute by the name the framework gives it, in declaration order
 */
record ValueType(String annotation, TypeElement declaration, Map<String, ExecutableElement> attributes) {
}
