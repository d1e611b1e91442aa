package io.idempo.example.web;

/**
 * Checks, byte by byte, that a JSON body is one object with nothing after it but whitespace. JSON-B (Yasson) binds
 * an object type from the first element of an array ({@code [A, B]} places A and drops B) and ignores whatever
 * follows the object ({@code {...} xyz}), so that different bodies would bind to the same request and replay each
 * other's answers. Only the structure is followed (strings, escapes, nesting): the parser checks the rest. In UTF-8
 * no byte of a multi-byte character is ASCII, so the structural bytes are found without decoding.
 */
final class JsonObjectCheck {

    private enum Position { BEFORE, INSIDE, AFTER }

    private Position position = Position.BEFORE;
    private int depth;
    private boolean inString;
    private boolean escaped;

    /** Whether {@code b} (0-255) may come next. */
    boolean accept(int b) {
        return switch (position) {
            case BEFORE -> {
                if (b == '{') {
                    position = Position.INSIDE;
                    depth = 1;
                }
                yield b == '{' || isWhitespace(b);
            }
            case INSIDE -> {
                follow(b);
                yield true;
            }
            case AFTER -> isWhitespace(b);
        };
    }

    /** What is wrong, once {@link #accept} refused a byte. */
    String refusal() {
        return position == Position.BEFORE
                ? "The body must be one JSON object, such as {\"productId\":1001,...}: not an array, a string or null"
                : "Only whitespace may follow the JSON object: send one object per request";
    }

    private void follow(int b) {
        if (inString) {
            if (escaped) {
                escaped = false;
            } else if (b == '\\') {
                escaped = true;
            } else if (b == '"') {
                inString = false;
            }
        } else if (b == '"') {
            inString = true;
        } else if (b == '{' || b == '[') {
            depth++;
        } else if ((b == '}' || b == ']') && --depth == 0) {
            position = Position.AFTER;
        }
    }

    private static boolean isWhitespace(int b) {
        return b == ' ' || b == '\t' || b == '\n' || b == '\r';
    }
}
