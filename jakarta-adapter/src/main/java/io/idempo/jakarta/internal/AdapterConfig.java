package io.idempo.jakarta.internal;

import io.idempo.jakarta.InvalidConfigurationException;
import io.idempo.outbox.OutboxRelay;
import io.idempo.outbox.OutboxStore;
import io.idempo.plan.Rules;
import io.idempo.redis.jedis.RedisClients;
import io.idempo.runtime.ExpiredRecordPurge;
import io.idempo.runtime.IdempotencyEngineBuilder;
import io.idempo.runtime.KeyPolicy;
import io.idempo.runtime.NoTransactionPolicy;
import io.idempo.runtime.record.RecordStore;
import io.idempo.runtime.record.SqlDialect;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The adapter's settings, read once at deployment and validated: a bad value fails the deployment with a message
 * that names its key. The keys and defaults are listed in {@code docs/jakarta.md}.
 */
record AdapterConfig(
        Optional<RedisServers> redis,
        String redisPrefix,
        KeyPolicy keyPolicy,
        Duration defaultTtl,
        Duration defaultLease,
        Duration waitForResult,
        String table,
        Optional<SqlDialect> dialect,
        Duration lockWait,
        boolean createSchema,
        Duration purgeInterval,
        int purgeBatchSize,
        int purgeMaxBatches,
        boolean statusEnabled,
        NoTransactionPolicy noTransactionPolicy,
        Optional<StrictBodies> strictBodies,
        boolean metricsEnabled,
        boolean adminEnabled,
        boolean edgeReplayEnabled,
        Optional<OutboxSettings> outbox) {

    static final String REDIS_ADDRESS = "idempo.redis.address";
    static final String REDIS_MODE = "idempo.redis.mode";
    static final String REDIS_PREFIX = "idempo.redis.prefix";
    static final String REDIS_POOL_SIZE = "idempo.redis.pool-size";
    static final String KEY_PATTERN = "idempo.key.pattern";
    static final String KEY_MIN_LENGTH = "idempo.key.min-length";
    static final String KEY_MAX_LENGTH = "idempo.key.max-length";
    static final String TTL = "idempo.ttl";
    static final String LEASE = "idempo.lease";
    static final String WAIT_FOR_RESULT = "idempo.wait-for-result";
    static final String TABLE = "idempo.table";
    static final String DIALECT = "idempo.dialect";
    static final String LOCK_WAIT = "idempo.lock-wait";
    static final String SCHEMA_CREATE = "idempo.schema.create";
    static final String PURGE_INTERVAL = "idempo.purge.interval";
    static final String PURGE_BATCH_SIZE = "idempo.purge.batch-size";
    static final String PURGE_MAX_BATCHES = "idempo.purge.max-batches";
    static final String STATUS_ENABLED = "idempo.status.enabled";
    static final String NO_TRANSACTION = "idempo.no-transaction";
    static final String BODY_STRICT = "idempo.body.strict";
    static final String BODY_MAX_BYTES = "idempo.body.max-bytes";
    static final String METRICS_ENABLED = "idempo.metrics.enabled";
    static final String ADMIN_ENABLED = "idempo.admin.enabled";
    static final String EDGE_REPLAY_ENABLED = "idempo.edge-replay.enabled";
    static final String OUTBOX_ENABLED = "idempo.outbox.enabled";
    static final String OUTBOX_TABLE = "idempo.outbox.table";
    static final String OUTBOX_RETENTION = "idempo.outbox.retention";
    static final String RELAY_ENABLED = "idempo.outbox.relay.enabled";
    static final String RELAY_NAME = "idempo.outbox.relay.name";
    static final String RELAY_BATCH_SIZE = "idempo.outbox.relay.batch-size";
    static final String RELAY_POLL_INTERVAL = "idempo.outbox.relay.poll-interval";
    static final String RELAY_MAX_BACKOFF = "idempo.outbox.relay.max-backoff";

    /**
     * A Redis serves 10 000 clients by default ({@code maxclients}), shared by every instance of every application:
     * more connections than this from one instance are a slip of a digit, not a sizing.
     */
    static final int MAX_REDIS_POOL_SIZE = 1_024;

    /** Expired records only cost space; a purge every few minutes keeps the table small without adding load. */
    static final Duration DEFAULT_PURGE_INTERVAL = Duration.ofMinutes(10);
    /**
     * Longer than the record's default TTL (24 h) by a margin: consumers dedupe by event id within their records' TTL,
     * and a key that runs again derives new ids only while its earlier events are kept.
     */
    static final Duration DEFAULT_OUTBOX_RETENTION = Duration.ofDays(7);

    static AdapterConfig load(ConfigSource source) {
        Reader reader = new Reader(source);
        KeyPolicy defaultKeys = KeyPolicy.DEFAULT;
        int minLength = reader.integer(KEY_MIN_LENGTH, defaultKeys.minLength(), 1, Rules.KEY_MAX_LENGTH);
        int maxLength = reader.integer(KEY_MAX_LENGTH, defaultKeys.maxLength(), minLength, Rules.KEY_MAX_LENGTH);
        Pattern characters = reader.parse(KEY_PATTERN, defaultKeys.characters().pattern(), Pattern::compile,
                "a Java regular expression");
        return new AdapterConfig(
                reader.redisServers(),
                source.get(REDIS_PREFIX).orElse("idempo:"),
                new KeyPolicy(characters, minLength, maxLength),
                reader.positiveDuration(TTL, IdempotencyEngineBuilder.DEFAULT_TTL),
                reader.positiveDuration(LEASE, IdempotencyEngineBuilder.DEFAULT_LEASE),
                reader.duration(WAIT_FOR_RESULT, IdempotencyEngineBuilder.DEFAULT_WAIT_FOR_RESULT),
                reader.parse(TABLE, RecordStore.DEFAULT_TABLE, AdapterConfig::tableName,
                        "a plain SQL table name, optionally schema-qualified (" + Rules.TABLE_NAME_PATTERN + ")"),
                source.get(DIALECT).filter(value -> !value.equalsIgnoreCase("auto"))
                        .map(value -> reader.parse(DIALECT, value, AdapterConfig::dialect,
                                "auto or one of " + Arrays.toString(SqlDialect.values()))),
                reader.positiveDuration(LOCK_WAIT, RecordStore.DEFAULT_LOCK_WAIT),
                reader.bool(SCHEMA_CREATE, false),
                reader.duration(PURGE_INTERVAL, DEFAULT_PURGE_INTERVAL),
                reader.integer(PURGE_BATCH_SIZE, ExpiredRecordPurge.DEFAULT_BATCH_SIZE, 1, 100_000),
                reader.integer(PURGE_MAX_BATCHES, ExpiredRecordPurge.DEFAULT_MAX_BATCHES, 1, 10_000),
                reader.bool(STATUS_ENABLED, false),
                reader.parse(NO_TRANSACTION, IdempotencyEngineBuilder.DEFAULT_NO_TRANSACTION_POLICY.name(),
                        value -> NoTransactionPolicy.valueOf(value.toUpperCase(Locale.ROOT)), "BEGIN or REFUSE"),
                reader.strictBodies(),
                reader.bool(METRICS_ENABLED, true),
                reader.bool(ADMIN_ENABLED, false),
                reader.bool(EDGE_REPLAY_ENABLED, true),
                reader.outbox());
    }

    private static String tableName(String value) {
        if (Rules.tableNameViolation(value).isPresent()) {
            throw new IllegalArgumentException(value);
        }
        return value;
    }

    private static SqlDialect dialect(String value) {
        return SqlDialect.valueOf(value.toUpperCase(Locale.ROOT).replace('-', '_'));
    }

    /** Parses values and turns every failure into an {@link InvalidConfigurationException} naming the key. */
    private static final class Reader {
        private final ConfigSource source;

        Reader(ConfigSource source) {
            this.source = source;
        }

        <T> T parse(String key, String fallback, Function<String, T> parser, String expected) {
            String value = source.get(key).orElse(fallback);
            try {
                return parser.apply(value);
            } catch (IllegalArgumentException | DateTimeParseException e) { // includes PatternSyntaxException
                throw invalid(key, value, expected);
            }
        }

        Duration duration(String key, Duration fallback) {
            Duration duration = parse(key, fallback.toString(), Duration::parse, "an ISO-8601 duration such as PT30S");
            if (duration.isNegative()) {
                throw invalid(key, duration.toString(), "a duration that is not negative");
            }
            return duration;
        }

        Duration positiveDuration(String key, Duration fallback) {
            Duration duration = duration(key, fallback);
            if (duration.isZero()) {
                throw invalid(key, duration.toString(), "a positive ISO-8601 duration");
            }
            return duration;
        }

        int integer(String key, int fallback, int min, int max) {
            int value = parse(key, String.valueOf(fallback), Integer::parseInt, "a whole number");
            if (value < min || value > max) {
                throw invalid(key, String.valueOf(value),
                        "a whole number from " + min + " to " + max);
            }
            return value;
        }

        boolean bool(String key, boolean fallback) {
            return parse(key, String.valueOf(fallback), value -> {
                if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
                    throw new IllegalArgumentException(value);
                }
                return Boolean.parseBoolean(value);
            }, "true or false");
        }

        /**
         * {@code idempo.redis.address}, one address or a comma-separated list of a cluster's seed nodes, as
         * {@code idempo.redis.mode} says, with {@code idempo.redis.pool-size} connections to each; empty when no
         * address is set (the in-JVM claim store, or the application's own UnifiedJedis bean, whose pool is its
         * own: a pool size set then would size nothing, so it fails the deployment).
         */
        Optional<RedisServers> redisServers() {
            RedisServers.Mode mode = parse(REDIS_MODE, "single",
                    value -> RedisServers.Mode.valueOf(value.toUpperCase(Locale.ROOT)), "single or cluster");
            int poolSize = integer(REDIS_POOL_SIZE, RedisClients.DEFAULT_POOL_SIZE, 1, MAX_REDIS_POOL_SIZE);
            Optional<String> value = source.get(REDIS_ADDRESS);
            if (value.isEmpty()) {
                if (mode == RedisServers.Mode.CLUSTER) {
                    throw invalid(REDIS_ADDRESS, "", "the seed nodes of the cluster, such as "
                            + "redis://10.0.0.1:6379,redis://10.0.0.2:6379, since " + REDIS_MODE + " is cluster; an"
                            + " application with a UnifiedJedis bean of its own leaves " + REDIS_MODE + " unset");
                }
                Optional<String> pool = source.get(REDIS_POOL_SIZE);
                if (pool.isPresent()) {
                    throw invalid(REDIS_POOL_SIZE, pool.get(), "no value unless " + REDIS_ADDRESS + " is set: the"
                            + " pool is that of the client the adapter makes for it (an application with a UnifiedJedis"
                            + " bean of its own sizes that client's pool)");
                }
                return Optional.empty();
            }
            List<String> addresses = Arrays.stream(value.get().split(",", -1)).map(String::strip).toList();
            if (addresses.stream().anyMatch(address -> !address.matches("rediss?://[^\\s/]+(:\\d+)?"))) {
                throw invalid(REDIS_ADDRESS, value.get(), mode == RedisServers.Mode.SINGLE
                        ? "redis://host:port or rediss://host:port"
                        : "a comma-separated list of the cluster's seed nodes, each redis://host:port or"
                                + " rediss://host:port");
            }
            if (mode == RedisServers.Mode.SINGLE && addresses.size() > 1) {
                throw invalid(REDIS_ADDRESS, value.get(), "one redis://host:port, since "
                        + REDIS_MODE + " is single (the default); for the seed nodes of a Redis Cluster set "
                        + REDIS_MODE + "=cluster");
            }
            return Optional.of(new RedisServers(mode, addresses, poolSize));
        }

        /**
         * The strict request bodies when {@code idempo.body.strict} is true, else empty; a limit set while they are
         * off would limit nothing, so it fails the deployment instead of giving a false sense of protection. The
         * limit stops at 1 GiB: a JSON body is held in memory while it is checked.
         */
        Optional<StrictBodies> strictBodies() {
            int maxBytes = integer(BODY_MAX_BYTES, 1_048_576, 1, 1 << 30);
            if (bool(BODY_STRICT, false)) {
                return Optional.of(new StrictBodies(maxBytes));
            }
            Optional<String> limit = source.get(BODY_MAX_BYTES);
            if (limit.isPresent()) {
                throw invalid(BODY_MAX_BYTES, limit.get(), "no value unless " + BODY_STRICT
                        + "=true, which turns the body checks on");
            }
            return Optional.empty();
        }

        /**
         * The outbox when {@code idempo.outbox.enabled} is true, else empty; a setting of the outbox made while it is
         * off would do nothing, so it fails the deployment instead. The defaults are the runtime's.
         */
        Optional<OutboxSettings> outbox() {
            if (!bool(OUTBOX_ENABLED, false)) {
                for (String key : List.of(OUTBOX_TABLE, OUTBOX_RETENTION, RELAY_ENABLED, RELAY_NAME, RELAY_BATCH_SIZE,
                        RELAY_POLL_INTERVAL, RELAY_MAX_BACKOFF)) {
                    Optional<String> set = source.get(key);
                    if (set.isPresent()) {
                        throw invalid(key, set.get(), "no value unless " + OUTBOX_ENABLED
                                + "=true, which turns the outbox on");
                    }
                }
                return Optional.empty();
            }
            Duration pollInterval = positiveDuration(RELAY_POLL_INTERVAL, OutboxRelay.DEFAULT_POLL_INTERVAL);
            Duration maxBackoff = positiveDuration(RELAY_MAX_BACKOFF, OutboxRelay.DEFAULT_MAX_BACKOFF);
            try {
                OutboxRelay.Builder.requireBackoffCoversPoll(pollInterval, maxBackoff);
            } catch (IllegalArgumentException e) {
                throw invalid(RELAY_MAX_BACKOFF, maxBackoff.toString(), "a duration no"
                        + " shorter than " + RELAY_POLL_INTERVAL + " (" + pollInterval + ")");
            }
            return Optional.of(new OutboxSettings(
                    parse(OUTBOX_TABLE, OutboxStore.DEFAULT_TABLE, AdapterConfig::tableName,
                            "a plain SQL table name, optionally schema-qualified (" + Rules.TABLE_NAME_PATTERN + ")"),
                    bool(RELAY_ENABLED, true),
                    parse(RELAY_NAME, OutboxRelay.DEFAULT_NAME, OutboxRelay.Builder::requireName,
                            "1 to 64 of [A-Za-z0-9_.-]"),
                    integer(RELAY_BATCH_SIZE, OutboxRelay.DEFAULT_BATCH_SIZE, 1, OutboxRelay.MAX_BATCH_SIZE),
                    pollInterval,
                    maxBackoff,
                    duration(OUTBOX_RETENTION, DEFAULT_OUTBOX_RETENTION)));
        }
    }

    private static InvalidConfigurationException invalid(String key, String value, String expected) {
        return new InvalidConfigurationException("Invalid idempo configuration: " + key + " = \"" + value
                + "\"; expected " + expected + " (set it in microprofile-config.properties, as a system property, or"
                + " as the environment variable " + ConfigSource.environmentName(key) + ")");
    }
}
