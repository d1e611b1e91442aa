package io.idempo.example.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.record.SqlDialect;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExampleSettingsTest {

    @Test
    void withoutVariablesTheEmbeddedDefaultsApply() {
        ExampleSettings settings = ExampleSettings.from(Map.of());
        assertEquals(ExampleSettings.DEFAULT_DATABASE_URL, settings.databaseUrl());
        assertEquals("sa", settings.databaseUser());
        assertEquals("", settings.databasePassword());
        assertFalse(settings.databaseFromEnvironment());
        assertNull(settings.redisUrl());
        assertNull(settings.redisMode());
        assertFalse(settings.redisCluster());
        assertNull(settings.rabbitmqUrl(), "no consumer, no broker needed");
        assertFalse(settings.demoFaults());
        assertEquals(Duration.ofMinutes(1), settings.jobPeriod());
    }

    @Test
    void rabbitmqUrlStartsTheConsumerAndIsMaskedInLogs() {
        ExampleSettings settings = ExampleSettings.from(Map.of("RABBITMQ_URL", " amqp://guest:s3cret@127.0.0.1:5672/ "));
        assertEquals("amqp://guest:s3cret@127.0.0.1:5672/", settings.rabbitmqUrl());
        assertEquals("amqp://guest:***@127.0.0.1:5672/", settings.rabbitmqUrlForLog().orElseThrow());
    }

    @Test
    void theJobPeriodIsWholeSecondsUpToAnHourOrZeroForNoJob() {
        assertEquals(Duration.ofSeconds(5), ExampleSettings.from(Map.of("IDEMPO_DEMO_JOB_PERIOD", "PT5S")).jobPeriod());
        assertTrue(ExampleSettings.from(Map.of()).jobEnabled());
        assertFalse(ExampleSettings.from(Map.of("IDEMPO_DEMO_JOB_PERIOD", "PT0S")).jobEnabled());
        for (String bad : new String[] {"5s", "PT0.5S", "PT1.5S", "-PT1M", "PT2H"}) {
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                    () -> ExampleSettings.from(Map.of("IDEMPO_DEMO_JOB_PERIOD", bad)), bad);
            assertTrue(refused.getMessage().startsWith("IDEMPO_DEMO_JOB_PERIOD must be"), refused.getMessage());
        }
    }

    @Test
    void variablesSwitchDatabaseRedisAndFaults() {
        ExampleSettings settings = ExampleSettings.from(Map.of("DB_URL", " jdbc:postgresql://127.0.0.1:5432/test ",
                "DB_USER", "postgres", "REDIS_URL", "redis://127.0.0.1:6379", "IDEMPO_DEMO_FAULTS", "TRUE"));
        assertEquals("jdbc:postgresql://127.0.0.1:5432/test", settings.databaseUrl());
        assertEquals("postgres", settings.databaseUser());
        assertNull(settings.databasePassword(), "no default password for a database of the user's");
        assertTrue(settings.databaseFromEnvironment());
        assertEquals("redis://127.0.0.1:6379", settings.redisUrl());
        assertTrue(settings.demoFaults());
    }

    @Test
    void redisModeClusterTakesTheSeedNodesFromRedisUrl() {
        ExampleSettings settings = ExampleSettings.from(Map.of("REDIS_MODE", " Cluster ",
                "REDIS_URL", "redis://default:s3cret@cache-1:6379,redis://default:s3cret@cache-2:6379"));
        assertEquals("Cluster", settings.redisMode());
        assertTrue(settings.redisCluster());
        assertEquals("redis://default:***@cache-1:6379,redis://default:***@cache-2:6379",
                settings.redisUrlForLog().orElseThrow(), "every seed's password is masked");
    }

    @Test
    void blankVariablesCountAsUnset() {
        ExampleSettings settings = ExampleSettings.from(Map.of("DB_URL", "  ", "REDIS_URL", "", "IDEMPO_DEMO_FAULTS", "yes"));
        assertFalse(settings.databaseFromEnvironment());
        assertNull(settings.redisUrl());
        assertFalse(settings.demoFaults(), "only 'true' turns the fault switches on");
    }

    @Test
    void secretsAreMaskedInLogs() {
        assertEquals("jdbc:postgresql://db/test?user=app&password=***&ssl=true",
                ExampleSettings.mask("jdbc:postgresql://db/test?user=app&password=s3cret&ssl=true"));
        assertEquals("jdbc:mysql://app:***@db:3306/test", ExampleSettings.mask("jdbc:mysql://app:s3cret@db:3306/test"));
        ExampleSettings settings = ExampleSettings.from(Map.of("REDIS_URL", "redis://default:s3cret@cache:6379"));
        assertEquals("redis://default:***@cache:6379", settings.redisUrlForLog().orElseThrow());
    }

    @Test
    void theUrlSchemeChoosesTheDriver() {
        assertEquals("org.h2.Driver", JdbcDrivers.forUrl(ExampleSettings.DEFAULT_DATABASE_URL).driverClass());
        assertEquals("org.postgresql.Driver", JdbcDrivers.forUrl("jdbc:postgresql://h/db").driverClass());
        assertEquals("org.mariadb.jdbc.Driver", JdbcDrivers.forUrl("jdbc:mariadb://h/db").driverClass());
        assertEquals("com.mysql.cj.jdbc.Driver", JdbcDrivers.forUrl("JDBC:MYSQL://h/db").driverClass());
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> JdbcDrivers.forUrl("jdbc:oracle:thin:@h:1521/db"));
        assertTrue(refused.getMessage().contains("jdbc:postgresql:"), refused.getMessage());
    }

    @Test
    void theAdapterKeysFollowTheEnvironment() {
        ExampleConfigSource embedded = new ExampleConfigSource(ExampleSettings.from(Map.of()));
        assertEquals("H2_POSTGRESQL_MODE", embedded.getValue("idempo.dialect"));
        assertEquals("true", embedded.getValue("idempo.status.enabled"));
        assertEquals("true", embedded.getValue("idempo.body.strict"));
        assertEquals("true", embedded.getValue("idempo.admin.enabled"), "for the demo user admin");
        assertNull(embedded.getValue("idempo.redis.address"));
        assertNull(embedded.getValue("idempo.redis.mode"), "the adapter's default: one server");

        ExampleConfigSource chosen = new ExampleConfigSource(ExampleSettings.from(Map.of(
                "DB_URL", "jdbc:mariadb://127.0.0.1:3306/test", "REDIS_URL", "redis://127.0.0.1:6379")));
        assertNull(chosen.getValue("idempo.dialect"), "another database is detected");
        assertEquals("redis://127.0.0.1:6379", chosen.getValue("idempo.redis.address"));
        assertTrue(chosen.getOrdinal() < 300, "environment variables of the adapter's own must win");

        ExampleConfigSource cluster = new ExampleConfigSource(ExampleSettings.from(Map.of(
                "REDIS_URL", "redis://127.0.0.1:7000,redis://127.0.0.1:7001", "REDIS_MODE", "cluster")));
        assertEquals("redis://127.0.0.1:7000,redis://127.0.0.1:7001", cluster.getValue("idempo.redis.address"));
        assertEquals("cluster", cluster.getValue("idempo.redis.mode"));
    }

    @Test
    void everyDialectHasTheShopSchema() {
        for (SqlDialect dialect : SqlDialect.values()) {
            boolean mysql = dialect == SqlDialect.MYSQL || dialect == SqlDialect.MARIADB;
            var statements = DatabaseSetup.businessSchema(dialect);
            assertEquals(mysql ? 5 : 9, statements.size(), dialect.name());
            assertTrue(statements.stream().allMatch(sql -> sql.startsWith("CREATE ") && sql.contains("IF NOT EXISTS")),
                    statements.toString());
        }
    }
}
