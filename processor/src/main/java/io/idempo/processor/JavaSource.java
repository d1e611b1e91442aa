package io.idempo.processor;

/** Tiny helpers for writing Java source text. */
final class JavaSource {

    private JavaSource() {
    }

    /** A Java string literal for {@code text}. */
    static String literal(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    /** {@code placeOrder} becomes {@code PLACE_ORDER}. */
    static String constantName(String camelCase) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < camelCase.length(); i++) {
            char c = camelCase.charAt(i);
            if (Character.isUpperCase(c) && i > 0 && !Character.isUpperCase(camelCase.charAt(i - 1))) {
                out.append('_');
            }
            out.append(Character.toUpperCase(c));
        }
        return out.toString();
    }

    /** Text for a {@code {@code ...}} span: only a comment terminator needs breaking up. */
    static String javadoc(String text) {
        return text.replace("*/", "*&#47;");
    }
}
