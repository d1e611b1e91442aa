package io.idempo.jsonb;

import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.json.bind.JsonbConfig;
import jakarta.json.bind.JsonbException;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

/**
 * Binds a JSON body (a request's, a message's) so that two different bodies never bind to the same value: the bytes
 * must be UTF-8 (decoded by a decoder that reports what the usual one would replace with U+FFFD), the document one
 * value of the bound type's shape without duplicate member names ({@link JsonDocumentCheck}), and each scalar member
 * of its own JSON type ({@link StrictScalars}). Everything else is JSON-B's binding, unknown members ignored. Whatever
 * is refused is a {@link StrictJsonException}, thrown before anything runs on the value, so that nothing is stored.
 * The fingerprint of a call is only as strict as the binding of its arguments: this is the binding idempo's HTTP
 * adapter and message consumer share. Immutable and safe to share; needs JSON-B and JSON-P (Yasson, Parsson).
 */
public final class StrictJson {

    private final Jsonb jsonb;
    private final JsonDocumentCheck documents = new JsonDocumentCheck(Json.createParserFactory(Map.of()));

    /** JSON-B's defaults plus the strict scalars. */
    public StrictJson() {
        this(new JsonbConfig());
    }

    /** {@code base} (such as {@code withCreatorParametersRequired(true)}) plus the strict scalars. */
    public StrictJson(JsonbConfig base) {
        this.jsonb = JsonbBuilder.create(base.withDeserializers(StrictScalars.deserializers()));
    }

    /**
     * The value of {@code body} as {@code type}.
     *
     * @throws StrictJsonException for an empty body, bytes that are not UTF-8, or a body refused as malformed
     */
    public <T> T read(byte[] body, Type type) {
        if (body.length == 0) {
            throw new StrictJsonException(StrictJsonException.Reason.EMPTY, "A JSON body is required");
        }
        String json = utf8(body);
        Optional<String> violation = documents.violation(json, JsonDocumentCheck.Top.of(rawType(type)));
        if (violation.isPresent()) {
            throw StrictJsonException.malformed(violation.get());
        }
        try {
            return jsonb.fromJson(json, type);
        } catch (JsonbException | JsonException e) {
            throw refusedCause(e).orElseGet(() -> StrictJsonException.malformed(
                    "The body is not the JSON expected here: a member holds a value of another kind, or is missing"));
        }
    }

    private static Class<?> rawType(Type type) {
        if (type instanceof Class<?> raw) {
            return raw;
        }
        if (type instanceof ParameterizedType parameterized) {
            return rawType(parameterized.getRawType());
        }
        if (type instanceof GenericArrayType) {
            return Object[].class;
        }
        return Object.class;
    }

    /** The text of {@code body}, or refused at its first byte that is not part of well-formed UTF-8. */
    private static String utf8(byte[] body) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer bytes = ByteBuffer.wrap(body);
        try {
            CharBuffer text = decoder.decode(bytes);
            return text.toString();
        } catch (CharacterCodingException e) {
            throw new StrictJsonException(StrictJsonException.Reason.NOT_UTF8, "The body is not well-formed UTF-8 at"
                    + " byte " + bytes.position() + ", which JSON requires (RFC 8259): send the text encoded as UTF-8");
        }
    }

    /** The refusal of a strict deserializer, wherever JSON-B wrapped it. */
    private static Optional<StrictJsonException> refusedCause(Throwable e) {
        for (Throwable cause = e; cause != null && cause.getCause() != cause; cause = cause.getCause()) {
            if (cause instanceof StrictJsonException refused) {
                return Optional.of(refused);
            }
        }
        return Optional.empty();
    }
}
