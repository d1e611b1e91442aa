package io.idempo.jakarta.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.jakarta.InvalidConfigurationException;
import io.idempo.outbox.OutboxRelay;
import io.idempo.outbox.OutboxStore;
import io.idempo.redis.jedis.RedisClients;
import io.idempo.runtime.ExpiredRecordPurge;
import io.idempo.runtime.IdempotencyEngineBuilder;
import io.idempo.runtime.KeyPolicy;
import io.idempo.runtime.NoTransactionPolicy;
import io.idempo.runtime.record.RecordStore;
import io.idempo.runtime.record.SqlDialect;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AdapterConfigTest {

    private static AdapterConfig load(Map<String, String> values) {
        return AdapterConfig.load(ConfigSource.of(key -> Optional.ofNullable(values.get(key))));
    }

    @Test
    void defaultsNeedNoConfiguration() {
        AdapterConfig config = load(Map.of());
        assertEquals(Optional.empty(), config.redis());
        assertEquals(Duration.ofHours(24), config.defaultTtl());
        assertEquals(Duration.ofSeconds(30), config.defaultLease());
        assertEquals("idempo_record", config.table());
        assertEquals(Optional.empty(), config.dialect());
        assertEquals(8, config.keyPolicy().minLength());
        assertEquals(255, config.keyPolicy().maxLength());
        assertFalse(config.statusEnabled());
        assertEquals(NoTransactionPolicy.BEGIN, config.noTransactionPolicy());
        assertEquals(Duration.ofMinutes(10), config.purgeInterval());
        assertEquals(Optional.empty(), config.strictBodies());
        assertTrue(config.metricsEnabled(), "metrics cost nothing until the application registers an SDK");
        assertFalse(config.adminEnabled(), "the admin surface is off unless asked for");
    }

    /** The adapter's defaults are the runtime's own, not copies that could drift from them. */
    @Test
    void defaultsAreTheRuntimes() {
        AdapterConfig config = load(Map.of());
        assertEquals(IdempotencyEngineBuilder.DEFAULT_TTL, config.defaultTtl());
        assertEquals(IdempotencyEngineBuilder.DEFAULT_LEASE, config.defaultLease());
        assertEquals(IdempotencyEngineBuilder.DEFAULT_WAIT_FOR_RESULT, config.waitForResult());
        assertEquals(IdempotencyEngineBuilder.DEFAULT_NO_TRANSACTION_POLICY, config.noTransactionPolicy());
        assertEquals(RecordStore.DEFAULT_LOCK_WAIT, config.lockWait());
        assertEquals(RecordStore.DEFAULT_TABLE, config.table());
        assertEquals(KeyPolicy.DEFAULT.characters().pattern(), config.keyPolicy().characters().pattern());
        assertEquals(KeyPolicy.DEFAULT.minLength(), config.keyPolicy().minLength());
        assertEquals(KeyPolicy.DEFAULT.maxLength(), config.keyPolicy().maxLength());
        assertEquals(ExpiredRecordPurge.DEFAULT_BATCH_SIZE, config.purgeBatchSize());
        assertEquals(ExpiredRecordPurge.DEFAULT_MAX_BATCHES, config.purgeMaxBatches());
    }

    /** Every table name the runtime accepts is accepted here: a schema-qualified name was once refused. */
    @ParameterizedTest
    @CsvSource({"app.idempo_record", "idempo_record", "_t1"})
    void tableNamesFollowTheRuntimesRule(String table) {
        assertEquals(table, load(Map.of("idempo.table", table)).table());
        assertEquals(table, RecordStore.builder(SqlDialect.POSTGRESQL).table(table).build().table());
    }

    @Test
    void valuesAreRead() {
        AdapterConfig config = load(Map.of("idempo.redis.address", "redis://127.0.0.1:6379", "idempo.ttl", "PT6H",
                "idempo.dialect", "mariadb", "idempo.status.enabled", "true", "idempo.key.min-length", "16",
                "idempo.metrics.enabled", "false", "idempo.admin.enabled", "TRUE"));
        assertEquals(Optional.of(new RedisServers(RedisServers.Mode.SINGLE, List.of("redis://127.0.0.1:6379"),
                RedisClients.DEFAULT_POOL_SIZE)), config.redis());
        assertEquals(Duration.ofHours(6), config.defaultTtl());
        assertEquals(Optional.of(SqlDialect.MARIADB), config.dialect());
        assertTrue(config.statusEnabled());
        assertEquals(16, config.keyPolicy().minLength());
        assertFalse(config.metricsEnabled());
        assertTrue(config.adminEnabled());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "idempo.ttl|30 minutes|ISO-8601",
        "idempo.ttl|PT0S|positive",
        "idempo.lease|-PT5S|not negative",
        "idempo.redis.address|localhost:6379|redis://host:port",
        "idempo.redis.address|redis://10.0.0.1:6379,redis://10.0.0.2:6379|idempo.redis.mode=cluster",
        "idempo.redis.mode|sentinel|single or cluster",
        "idempo.redis.pool-size|32|unless idempo.redis.address is set",
        "idempo.key.min-length|0|from 1 to 255",
        "idempo.key.max-length|300|to 255",
        "idempo.key.pattern|[unclosed|regular expression",
        "idempo.table|idempo-record; DROP|SQL table name",
        "idempo.dialect|oracle|auto or one of",
        "idempo.status.enabled|yes|true or false",
        "idempo.no-transaction|sometimes|BEGIN or REFUSE",
        "idempo.body.strict|on|true or false",
        "idempo.body.max-bytes|1M|a whole number",
        "idempo.body.max-bytes|1048576|unless idempo.body.strict=true",
        "idempo.outbox.enabled|yes|true or false",
        "idempo.outbox.relay.batch-size|100|unless idempo.outbox.enabled=true",
        "idempo.outbox.retention|P1D|unless idempo.outbox.enabled=true",
        "idempo.metrics.enabled|on|true or false",
        "idempo.admin.enabled|1|true or false",
    })
    void aBadValueFailsWithAMessageNamingItsKey(String key, String value, String expected) {
        InvalidConfigurationException error = assertThrows(InvalidConfigurationException.class,
                () -> load(Map.of(key, value)));
        assertTrue(error.getMessage().contains(key), error.getMessage());
        assertTrue(error.getMessage().contains(expected), error.getMessage());
        assertTrue(error.getMessage().contains(ConfigSource.environmentName(key)), error.getMessage());
    }

    @Test
    void strictBodiesAreOptInWithALimitOfOneMebibyteByDefault() {
        assertEquals(Optional.of(new StrictBodies(1_048_576)),
                load(Map.of("idempo.body.strict", "true")).strictBodies());
        assertEquals(Optional.of(new StrictBodies(2048)), load(Map.of("idempo.body.strict", "TRUE",
                "idempo.body.max-bytes", " 2048 ")).strictBodies());
        assertEquals(Optional.empty(), load(Map.of("idempo.body.strict", "false")).strictBodies());
        for (String limit : List.of("0", "-1", "1073741825")) {
            InvalidConfigurationException error = assertThrows(InvalidConfigurationException.class,
                    () -> load(Map.of("idempo.body.strict", "true", "idempo.body.max-bytes", limit)));
            assertTrue(error.getMessage().contains("idempo.body.max-bytes = \"" + limit + "\"")
                    && error.getMessage().contains("from 1 to 1073741824"), error.getMessage());
        }
    }

    @Test
    void theOutboxIsOptInWithTheRuntimesDefaults() {
        assertEquals(Optional.empty(), load(Map.of()).outbox());
        OutboxSettings outbox = load(Map.of("idempo.outbox.enabled", "true")).outbox().orElseThrow();
        assertEquals(new OutboxSettings(OutboxStore.DEFAULT_TABLE, true, OutboxRelay.DEFAULT_NAME,
                OutboxRelay.DEFAULT_BATCH_SIZE, OutboxRelay.DEFAULT_POLL_INTERVAL, OutboxRelay.DEFAULT_MAX_BACKOFF,
                Duration.ofDays(7)), outbox);
    }

    @Test
    void theOutboxsSettingsAreRead() {
        assertEquals(new OutboxSettings("app.events", false, "orders-relay", 500, Duration.ofSeconds(1),
                Duration.ofMinutes(1), Duration.ZERO), load(Map.of("idempo.outbox.enabled", "true",
                "idempo.outbox.table", "app.events", "idempo.outbox.relay.enabled", "false",
                "idempo.outbox.relay.name", "orders-relay", "idempo.outbox.relay.batch-size", "500",
                "idempo.outbox.relay.poll-interval", "PT1S", "idempo.outbox.relay.max-backoff", "PT1M",
                "idempo.outbox.retention", "PT0S")).outbox().orElseThrow());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "idempo.outbox.table|events; DROP|SQL table name",
        "idempo.outbox.relay.name|two words|1 to 64 of [A-Za-z0-9_.-]",
        "idempo.outbox.relay.batch-size|0|from 1 to 10000",
        "idempo.outbox.relay.batch-size|10001|from 1 to 10000",
        "idempo.outbox.relay.poll-interval|PT0S|positive",
        "idempo.outbox.relay.max-backoff|PT0.1S|no shorter than idempo.outbox.relay.poll-interval",
        "idempo.outbox.retention|PT-1H|not negative",
    })
    void aBadOutboxValueFailsWithAMessageNamingItsKey(String key, String value, String expected) {
        InvalidConfigurationException error = assertThrows(InvalidConfigurationException.class,
                () -> load(Map.of("idempo.outbox.enabled", "true", key, value)));
        assertTrue(error.getMessage().contains(key + " = \"" + value + "\""), error.getMessage());
        assertTrue(error.getMessage().contains(expected), error.getMessage());
    }

    @Test
    void clusterModeTakesTheSeedNodesAsACommaSeparatedList() {
        AdapterConfig config = load(Map.of("idempo.redis.mode", "Cluster",
                "idempo.redis.address", "redis://10.0.0.1:6379, rediss://cache-2.internal:6380 ,redis://10.0.0.3"));
        RedisServers redis = config.redis().orElseThrow();
        assertEquals(RedisServers.Mode.CLUSTER, redis.mode());
        assertEquals(List.of("redis://10.0.0.1:6379", "rediss://cache-2.internal:6380", "redis://10.0.0.3"),
                redis.addresses());
        assertEquals("redis cluster (seeds redis://10.0.0.1:6379, rediss://cache-2.internal:6380, redis://10.0.0.3)",
                redis.description());
        assertEquals(List.of("redis://10.0.0.1:6379"), load(Map.of("idempo.redis.mode", "cluster",
                "idempo.redis.address", "redis://10.0.0.1:6379")).redis().orElseThrow().addresses(),
                "one seed is enough to find the other masters");
        assertEquals("redis redis://127.0.0.1:6379", load(Map.of("idempo.redis.mode", "single",
                "idempo.redis.address", "redis://127.0.0.1:6379")).redis().orElseThrow().description());
    }

    @Test
    void thePoolSizeIsReadForTheClientOfTheAddress() {
        assertEquals(48, load(Map.of("idempo.redis.address", "redis://127.0.0.1:6379", "idempo.redis.pool-size",
                "48")).redis().orElseThrow().poolSize());
        assertEquals(4, load(Map.of("idempo.redis.mode", "cluster", "idempo.redis.address", "redis://10.0.0.1:6379",
                "idempo.redis.pool-size", "4")).redis().orElseThrow().poolSize());
        for (String size : List.of("0", "1025", "many")) {
            InvalidConfigurationException error = assertThrows(InvalidConfigurationException.class, () -> load(Map.of(
                    "idempo.redis.address", "redis://127.0.0.1:6379", "idempo.redis.pool-size", size)));
            assertTrue(error.getMessage().contains("idempo.redis.pool-size = \"" + size + "\""), error.getMessage());
        }
    }

    @Test
    void theStartUpDescriptionMasksRedisPasswords() {
        assertEquals("redis rediss://default:***@cache.internal:6380", load(Map.of(
                "idempo.redis.address", "rediss://default:s3cret@cache.internal:6380")).redis().orElseThrow()
                .description());
        assertEquals("redis cluster (seeds redis://:***@10.0.0.1:6379, redis://10.0.0.2:6379)", load(Map.of(
                "idempo.redis.mode", "cluster", "idempo.redis.address",
                "redis://:s3cret@10.0.0.1:6379,redis://10.0.0.2:6379")).redis().orElseThrow().description());
    }

    @Test
    void aBadClusterAddressListNamesTheAddressKey() {
        for (String addresses : List.of("redis://10.0.0.1:6379,", "redis://10.0.0.1:6379,,redis://10.0.0.2:6379",
                "redis://10.0.0.1:6379,10.0.0.2:6379")) {
            InvalidConfigurationException error = assertThrows(InvalidConfigurationException.class,
                    () -> load(Map.of("idempo.redis.mode", "cluster", "idempo.redis.address", addresses)));
            assertTrue(error.getMessage().contains("idempo.redis.address = \"" + addresses + "\""), error.getMessage());
            assertTrue(error.getMessage().contains("comma-separated list"), error.getMessage());
        }
        InvalidConfigurationException noSeeds = assertThrows(InvalidConfigurationException.class,
                () -> load(Map.of("idempo.redis.mode", "cluster")));
        assertTrue(noSeeds.getMessage().contains("idempo.redis.address")
                && noSeeds.getMessage().contains("since idempo.redis.mode is cluster"), noSeeds.getMessage());
    }

    @Test
    void environmentNamesFollowMicroProfile() {
        assertEquals("IDEMPO_REDIS_ADDRESS", ConfigSource.environmentName("idempo.redis.address"));
        assertEquals("IDEMPO_KEY_MIN_LENGTH", ConfigSource.environmentName("idempo.key.min-length"));
    }
}
