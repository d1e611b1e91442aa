package io.idempo.processor;

import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/** The leaf values of the canonical encoding, each with the {@code CanonicalWriter} method that writes it. */
enum ScalarKind {
    BOOLEAN("boolean", "writeBoolean", true),
    INTEGRAL("integer", "writeLong", true),
    CHAR("char", "writeChar", true),
    FLOATING("floating", "writeDouble", false),
    BIG_INTEGER("big-integer", "writeBigInteger", true),
    DECIMAL("decimal", "writeDecimal", true),
    STRING("string", "writeString", true),
    ENUM("enum", "writeEnum", true),
    UUID("uuid", "writeUuid", true),
    TEMPORAL("temporal", "writeTemporal", true),
    BYTES("bytes", "writeBytes", false);

    private static final Set<String> TEMPORAL_TYPES = Set.of(
            "java.time.Instant", "java.time.LocalDate", "java.time.LocalTime", "java.time.LocalDateTime",
            "java.time.OffsetDateTime", "java.time.OffsetTime", "java.time.ZonedDateTime", "java.time.Year",
            "java.time.YearMonth", "java.time.MonthDay", "java.time.Duration", "java.time.Period",
            "java.time.ZoneOffset", "java.time.ZoneId");

    private final String label;
    private final String writerMethod;
    private final boolean keyable;

    ScalarKind(String label, String writerMethod, boolean keyable) {
        this.label = label;
        this.writerMethod = writerMethod;
        this.keyable = keyable;
    }

    String label() {
        return label;
    }

    String writerMethod() {
        return writerMethod;
    }

    /** Whether a key template placeholder may render it: not floating point, not raw bytes. */
    boolean keyable() {
        return keyable;
    }

    /** The scalar kind of a type, if it is a leaf of the encoding. */
    static Optional<ScalarKind> of(TypeMirror type) {
        switch (type.getKind()) {
            case BOOLEAN:
                return Optional.of(BOOLEAN);
            case BYTE, SHORT, INT, LONG:
                return Optional.of(INTEGRAL);
            case CHAR:
                return Optional.of(CHAR);
            case FLOAT, DOUBLE:
                return Optional.of(FLOATING);
            case ARRAY:
                return ((ArrayType) type).getComponentType().getKind() == TypeKind.BYTE
                        ? Optional.of(BYTES) : Optional.empty();
            case DECLARED:
                return ofDeclared((DeclaredType) type);
            default:
                return Optional.empty();
        }
    }

    private static Optional<ScalarKind> ofDeclared(DeclaredType type) {
        if (type.asElement().getKind() == ElementKind.ENUM) {
            return Optional.of(ENUM);
        }
        String name = ((TypeElement) type.asElement()).getQualifiedName().toString();
        if (TEMPORAL_TYPES.contains(name)) {
            return Optional.of(TEMPORAL);
        }
        return switch (name) {
            case "java.lang.Boolean" -> Optional.of(BOOLEAN);
            case "java.lang.Byte", "java.lang.Short", "java.lang.Integer", "java.lang.Long" -> Optional.of(INTEGRAL);
            case "java.lang.Character" -> Optional.of(CHAR);
            case "java.lang.Float", "java.lang.Double" -> Optional.of(FLOATING);
            case "java.math.BigInteger" -> Optional.of(BIG_INTEGER);
            case "java.math.BigDecimal" -> Optional.of(DECIMAL);
            case "java.lang.String", "java.lang.CharSequence" -> Optional.of(STRING);
            case "java.util.UUID" -> Optional.of(UUID);
            default -> Optional.empty();
        };
    }
}
