package io.idempo.jakarta;

import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.json.bind.JsonbConfig;
import jakarta.json.bind.JsonbException;
import jakarta.ws.rs.core.NoContentException;
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
 * Binds a JSON request body so that two different bodies never bind to the same value: the bytes must be UTF-8
 * (decoded by a decoder that reports what the usual one would replace with U+FFFD), the document one value of the
 * bound type's shape without duplicate member names ({@link JsonDocumentCheck}), and each scalar member of its own
 * JSON type ({@link StrictScalars}). Everything else is JSON-B's default binding, unknown members ignored. Whatever is
 * refused is a 400 {@code IDEMPOTENCY_MALFORMED_BODY} ({@link RefusedBodyException}), thrown before the resource
 * method runs, so that nothing is stored.
 */
final class StrictJson {

    private final Jsonb jsonb = JsonbBuilder.create(new JsonbConfig()
            .withDeserializers(StrictScalars.deserializers()));
    private final JsonDocumentCheck documents = new JsonDocumentCheck(Json.createParserFactory(Map.of()));

    /**
     * The value of {@code body} as {@code type}.
     *
     * @throws NoContentException for an empty body, which JAX-RS answers 400 (the application may see null instead,
     *                            on servers that do not ask the reader about an empty body)
     */
    Object read(byte[] body, Class<?> type, Type genericType) throws NoContentException {
        if (body.length == 0) {
            throw new NoContentException("A JSON body is required");
        }
        String json = utf8(body);
        Optional<String> violation = documents.violation(json, JsonDocumentCheck.Top.of(type));
        if (violation.isPresent()) {
            throw RefusedBodyException.malformed(violation.get());
        }
        try {
            return jsonb.fromJson(json, genericType);
        } catch (JsonbException | JsonException e) {
            throw refusedCause(e).orElseGet(() -> RefusedBodyException.malformed(
                    "The body is not the JSON this endpoint expects: a member holds a value of another kind"));
        }
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
            throw RefusedBodyException.malformed("The body is not well-formed UTF-8 at byte " + bytes.position()
                    + ", which JSON requires (RFC 8259): send the text encoded as UTF-8");
        }
    }

    /** The refusal of a strict deserializer, wherever JSON-B wrapped it. */
    private static Optional<RefusedBodyException> refusedCause(Throwable e) {
        for (Throwable cause = e; cause != null && cause.getCause() != cause; cause = cause.getCause()) {
            if (cause instanceof RefusedBodyException refused) {
                return Optional.of(refused);
            }
        }
        return Optional.empty();
    }
}
