package io.idempo.jakarta.internal;

import static io.idempo.jakarta.internal.JsonProcessing.JSON;

import io.idempo.runtime.spi.ResponseCodec;
import io.idempo.runtime.spi.ResponseCodecException;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.ws.rs.core.Response;
import java.io.StringReader;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Lets resource methods that return {@link Response} be idempotent: the status, the headers that describe the
 * result (Location, Content-Type, ETag, and the application's own) and the entity are stored, and a replay
 * rebuilds the same response. Any other type goes to the delegate codec.
 */
final class JaxRsResponseCodec implements ResponseCodec {

    /** Headers that describe one exchange rather than the result, never replayed. */
    private static final Set<String> EXCHANGE_HEADERS = Set.of("date", "set-cookie", "connection", "keep-alive",
            "transfer-encoding", "content-length", "idempotent-replayed", "server", "vary");

    private final ResponseCodec delegate;

    JaxRsResponseCodec(ResponseCodec delegate) {
        this.delegate = delegate;
    }

    @Override
    public String encode(Object value, Type type) {
        if (!(value instanceof Response response)) {
            return delegate.encode(value, type);
        }
        JsonObjectBuilder headers = JSON.createObjectBuilder();
        for (Map.Entry<String, List<Object>> header : response.getHeaders().entrySet()) {
            if (!EXCHANGE_HEADERS.contains(header.getKey().toLowerCase(Locale.ROOT))) {
                JsonArrayBuilder values = JSON.createArrayBuilder();
                header.getValue().forEach(headerValue -> values.add(String.valueOf(headerValue)));
                headers.add(header.getKey(), values);
            }
        }
        JsonObjectBuilder stored = JSON.createObjectBuilder().add("status", response.getStatus()).add("headers", headers);
        Object entity = response.getEntity();
        if (entity != null) {
            stored.add("entityType", entity.getClass().getName()).add("entity", delegate.encode(entity, entity.getClass()));
        }
        return stored.build().toString();
    }

    @Override
    public Object decode(String text, Type type) {
        if (!(type instanceof Class<?> raw) || !Response.class.isAssignableFrom(raw)) {
            return delegate.decode(text, type);
        }
        JsonObject stored = JSON.createReader(new StringReader(text)).readObject();
        Response.ResponseBuilder response = Response.status(stored.getInt("status"));
        for (Map.Entry<String, JsonValue> header : stored.getJsonObject("headers").entrySet()) {
            for (JsonValue headerValue : header.getValue().asJsonArray()) {
                response.header(header.getKey(), ((JsonString) headerValue).getString());
            }
        }
        if (stored.containsKey("entity")) {
            response.entity(delegate.decode(stored.getString("entity"), entityClass(stored.getString("entityType"))));
        }
        return response.build();
    }

    /** The application's own entity type, named in the stored answer: loaded to decode the entity for a replay. */
    private static Class<?> entityClass(String name) {
        try {
            return Class.forName(name, false, Thread.currentThread().getContextClassLoader());
        } catch (ClassNotFoundException e) {
            throw new ResponseCodecException("The stored response entity type " + name + " no longer exists; let "
                    + "the record expire", e);
        }
    }
}
