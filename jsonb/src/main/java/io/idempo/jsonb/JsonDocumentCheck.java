package io.idempo.jsonb;

import jakarta.json.JsonException;
import jakarta.json.stream.JsonLocation;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParserFactory;
import jakarta.json.stream.JsonParsingException;
import java.io.StringReader;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * Checks the shape of a JSON body before it is bound: one well-formed JSON value with nothing after it but
 * whitespace, no member name twice in one object, and at the top an array where the bound type is an array or a
 * collection, an object otherwise. JSON-B (Yasson) is lenient on each: it binds an object type from the first element
 * of an array ({@code [A, B]} places A and drops B), ignores whatever follows the value ({@code {...} xyz}, a second
 * object), keeps one of two members of the same name, and binds {@code null} as no body at all; so different bodies
 * would bind to the same arguments and replay each other's answers.
 */
final class JsonDocumentCheck {

    /** What the bound type needs at the top of the document. */
    enum Top {
        OBJECT, ARRAY;

        static Top of(Class<?> type) {
            return type.isArray() || Iterable.class.isAssignableFrom(type) ? ARRAY : OBJECT;
        }
    }

    private final JsonParserFactory parsers;

    JsonDocumentCheck(JsonParserFactory parsers) {
        this.parsers = parsers;
    }

    /** What is wrong with {@code json} for a type that needs {@code top}, if anything. */
    Optional<String> violation(String json, Top top) {
        try (JsonParser parser = parsers.createParser(new StringReader(json))) {
            JsonParser.Event first = parser.next();
            if (first != (top == Top.OBJECT ? JsonParser.Event.START_OBJECT : JsonParser.Event.START_ARRAY)) {
                return Optional.of(top == Top.OBJECT
                        ? "The body must be one JSON object: not an array, a string, a number or null"
                        : "The body must be one JSON array");
            }
            Optional<String> duplicate = duplicateMember(parser);
            if (duplicate.isPresent()) {
                return duplicate;
            }
            return somethingFollows(parser)
                    ? Optional.of("Only whitespace may follow the JSON " + (top == Top.OBJECT ? "object" : "array")
                            + ": send one per request")
                    : Optional.empty();
        } catch (JsonParsingException e) {
            return Optional.of("The body is not well-formed JSON" + where(e.getLocation()));
        } catch (JsonException e) {
            return Optional.of("The body is not well-formed JSON");
        }
    }

    /** Reads to the end of the value the parser has just started, following the member names of every object. */
    private static Optional<String> duplicateMember(JsonParser parser) {
        Deque<Set<String>> names = new ArrayDeque<>();
        names.push(new HashSet<>());
        while (!names.isEmpty()) {
            switch (parser.next()) {
                case START_OBJECT, START_ARRAY -> names.push(new HashSet<>());
                case END_OBJECT, END_ARRAY -> names.pop();
                case KEY_NAME -> {
                    if (!names.peek().add(parser.getString())) {
                        return Optional.of("An object holds the same member name twice, of which JSON-B would keep"
                                + " one: send each member once");
                    }
                }
                default -> {
                    // a value inside the current object or array
                }
            }
        }
        return Optional.empty();
    }

    private static boolean somethingFollows(JsonParser parser) {
        try {
            return parser.hasNext();
        } catch (JsonParsingException e) { // a parser that checks for the end of input (Parsson) refuses the excess
            return true;
        }
    }

    private static String where(JsonLocation location) {
        return location == null || location.getLineNumber() < 0 ? ""
                : " (line " + location.getLineNumber() + ", column " + location.getColumnNumber() + ")";
    }
}
