package io.idempo.example.config;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Translates the example's environment into the Jakarta adapter's MicroProfile Config keys, so that one set of
 * variables ({@code DB_URL}, {@code REDIS_URL}) drives the whole app:
 * <ul>
 *   <li>{@code idempo.redis.address} from {@code REDIS_URL} (unset: the in-JVM claim store);</li>
 *   <li>{@code idempo.redis.mode} from {@code REDIS_MODE} ({@code cluster} for a Redis Cluster; unset: the
 *       adapter's default, one server);</li>
 *   <li>{@code idempo.dialect} {@code H2_POSTGRESQL_MODE} for the embedded default database, whose mode the
 *       adapter's probe cannot tell from PostgreSQL (its {@code VERSION()} answers like PostgreSQL); any other
 *       database is detected ({@code auto});</li>
 *   <li>{@code idempo.status.enabled=true}: {@code GET /api/idempotency/{key}} is part of the example's API;</li>
 *   <li>{@code idempo.outbox.enabled=true}: orders and payments write their events through the outbox; the relay runs
 *       when {@code RABBITMQ_URL} is set ({@code io.idempo.example.events.RabbitEvents});</li>
 *   <li>{@code idempo.body.strict=true}: the adapter bounds every request body and binds JSON strictly, so that
 *       different bodies never replay each other ({@code IDEMPO_BODY_MAX_BYTES} sets the limit, 1 MiB by
 *       default);</li>
 *   <li>{@code idempo.admin.enabled=true}: the admin surface under {@code /api/idempotency-admin}, for the demo user
 *       {@code admin}.</li>
 * </ul>
 * Its ordinal (150) is below environment variables (300) and system properties (400): {@code IDEMPO_REDIS_ADDRESS}
 * and the other adapter variables still win.
 */
public class ExampleConfigSource implements ConfigSource {

    static final int ORDINAL = 150;

    private final Map<String, String> properties;

    public ExampleConfigSource() {
        this(ExampleSettings.current());
    }

    ExampleConfigSource(ExampleSettings settings) {
        Map<String, String> values = new HashMap<>();
        values.put("idempo.status.enabled", "true");
        values.put("idempo.body.strict", "true");
        values.put("idempo.outbox.enabled", "true");
        values.put("idempo.admin.enabled", "true");
        if (settings.redisUrl() != null) {
            values.put("idempo.redis.address", settings.redisUrl());
        }
        if (settings.redisMode() != null) {
            values.put("idempo.redis.mode", settings.redisMode());
        }
        if (!settings.databaseFromEnvironment()) {
            values.put("idempo.dialect", "H2_POSTGRESQL_MODE");
        }
        this.properties = Map.copyOf(values);
    }

    @Override
    public Map<String, String> getProperties() {
        return properties;
    }

    @Override
    public Set<String> getPropertyNames() {
        return properties.keySet();
    }

    @Override
    public String getValue(String name) {
        return properties.get(name);
    }

    @Override
    public String getName() {
        return "idempo-example-environment";
    }

    @Override
    public int getOrdinal() {
        return ORDINAL;
    }
}
