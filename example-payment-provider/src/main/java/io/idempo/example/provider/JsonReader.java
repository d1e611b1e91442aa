package io.idempo.example.provider;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict reader of JSON text (RFC 8259): objects become maps in their order, arrays lists, strings strings, numbers
 * {@link Number}s as written, {@code true}/{@code false} booleans and {@code null} null. It refuses what lenient
 * parsers let through (a name twice, a trailing comma, a leading zero, a control character in a string, text after
 * the value, nesting deeper than {@value #MAX_DEPTH}), so that a malformed charge request is refused, never guessed
 * at. The provider reads one small fixed shape; a JSON library would be a second one for the shop that embeds it.
 */
final class JsonReader {

    /** A number exactly as the text has it; its reader decides which numbers it accepts. */
    record Number(String text) {
    }

    /** Why a text is not JSON, with the position. */
    static final class MalformedJsonException extends Exception {

        private static final long serialVersionUID = 1L;

        MalformedJsonException(String message) {
            super(message);
        }
    }

    static final int MAX_DEPTH = 16;

    private final String text;
    private int at;

    private JsonReader(String text) {
        this.text = text;
    }

    /** The value that {@code text} holds, whitespace around it allowed. */
    static Object read(String text) throws MalformedJsonException {
        JsonReader reader = new JsonReader(text);
        reader.skipWhitespace();
        Object value = reader.value(0);
        reader.skipWhitespace();
        if (reader.at < text.length()) {
            throw reader.error("text after the end of the value");
        }
        return value;
    }

    private Object value(int depth) throws MalformedJsonException {
        if (at >= text.length()) {
            throw error("the text ends where a value should start");
        }
        char c = text.charAt(at);
        switch (c) {
            case '{':
                return object(depth + 1);
            case '[':
                return array(depth + 1);
            case '"':
                return string();
            case 't':
                literal("true");
                return Boolean.TRUE;
            case 'f':
                literal("false");
                return Boolean.FALSE;
            case 'n':
                literal("null");
                return null;
            default:
                if (c == '-' || isDigit(c)) {
                    return number();
                }
                throw error("unexpected character '" + c + "'");
        }
    }

    private Map<String, Object> object(int depth) throws MalformedJsonException {
        checkDepth(depth);
        at++; // {
        Map<String, Object> members = new LinkedHashMap<>();
        skipWhitespace();
        if (peek() == '}') {
            at++;
            return members;
        }
        while (true) {
            skipWhitespace();
            if (peek() != '"') {
                throw error("a member name (a string) expected");
            }
            int nameAt = at;
            String name = string();
            if (members.containsKey(name)) {
                at = nameAt;
                throw error("the name \"" + name + "\" appears twice");
            }
            skipWhitespace();
            expect(':');
            skipWhitespace();
            members.put(name, value(depth));
            skipWhitespace();
            if (peek() == ',') {
                at++;
            } else if (peek() == '}') {
                at++;
                return members;
            } else {
                throw error("',' or '}' expected");
            }
        }
    }

    private List<Object> array(int depth) throws MalformedJsonException {
        checkDepth(depth);
        at++; // [
        List<Object> elements = new ArrayList<>();
        skipWhitespace();
        if (peek() == ']') {
            at++;
            return elements;
        }
        while (true) {
            skipWhitespace();
            elements.add(value(depth));
            skipWhitespace();
            if (peek() == ',') {
                at++;
            } else if (peek() == ']') {
                at++;
                return elements;
            } else {
                throw error("',' or ']' expected");
            }
        }
    }

    private String string() throws MalformedJsonException {
        at++; // opening quote
        StringBuilder value = new StringBuilder();
        while (true) {
            if (at >= text.length()) {
                throw error("the text ends inside a string");
            }
            char c = text.charAt(at++);
            if (c == '"') {
                return value.toString();
            }
            if (c < 0x20) {
                at--;
                throw error("a control character in a string (escape it)");
            }
            if (c != '\\') {
                value.append(c);
                continue;
            }
            if (at >= text.length()) {
                throw error("the text ends inside an escape");
            }
            char escaped = text.charAt(at++);
            switch (escaped) {
                case '"', '\\', '/' -> value.append(escaped);
                case 'b' -> value.append('\b');
                case 'f' -> value.append('\f');
                case 'n' -> value.append('\n');
                case 'r' -> value.append('\r');
                case 't' -> value.append('\t');
                case 'u' -> value.append(unicodeEscape());
                default -> {
                    at -= 2;
                    throw error("an unknown escape \\" + escaped);
                }
            }
        }
    }

    private char unicodeEscape() throws MalformedJsonException {
        if (at + 4 > text.length()) {
            throw error("\\u needs four hexadecimal digits");
        }
        int code = 0;
        for (int i = 0; i < 4; i++) {
            int digit = Character.digit(text.charAt(at + i), 16);
            if (digit < 0) {
                throw error("\\u needs four hexadecimal digits");
            }
            code = code * 16 + digit;
        }
        at += 4;
        return (char) code;
    }

    /** {@code -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?} */
    private Number number() throws MalformedJsonException {
        int start = at;
        if (peek() == '-') {
            at++;
        }
        if (peek() == '0') {
            at++;
            if (isDigit(peek())) {
                throw error("a number with a leading zero");
            }
        } else {
            digits();
        }
        if (peek() == '.') {
            at++;
            digits();
        }
        if (peek() == 'e' || peek() == 'E') {
            at++;
            if (peek() == '+' || peek() == '-') {
                at++;
            }
            digits();
        }
        return new Number(text.substring(start, at));
    }

    private void digits() throws MalformedJsonException {
        if (!isDigit(peek())) {
            throw error("a digit expected");
        }
        while (isDigit(peek())) {
            at++;
        }
    }

    private void literal(String word) throws MalformedJsonException {
        if (!text.startsWith(word, at)) {
            throw error("unexpected character '" + text.charAt(at) + "'");
        }
        at += word.length();
    }

    private void expect(char c) throws MalformedJsonException {
        if (peek() != c) {
            throw error("'" + c + "' expected");
        }
        at++;
    }

    private void checkDepth(int depth) throws MalformedJsonException {
        if (depth > MAX_DEPTH) {
            throw error("nested deeper than " + MAX_DEPTH + " levels");
        }
    }

    private void skipWhitespace() {
        while (at < text.length()) {
            char c = text.charAt(at);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            at++;
        }
    }

    /** The next character, or 0 at the end (0 is no character JSON allows outside strings). */
    private char peek() {
        return at < text.length() ? text.charAt(at) : 0;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private MalformedJsonException error(String what) {
        return new MalformedJsonException(what + " at character " + (at + 1));
    }
}
