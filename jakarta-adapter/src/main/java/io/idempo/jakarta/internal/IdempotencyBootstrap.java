package io.idempo.jakarta.internal;

import io.idempo.jakarta.IdempotencyPersistence;
import io.idempo.jakarta.IdempotencyStarted;
import io.idempo.jakarta.IdempotencyStopping;
import io.idempo.jsonb.JsonbResponseCodec;
import io.idempo.opentelemetry.OpenTelemetryTraceIds;
import io.idempo.outbox.Outbox;
import io.idempo.outbox.OutboxSchema;
import io.idempo.outbox.Publisher;
import io.idempo.runtime.ExpiredRecordPurge;
import io.idempo.runtime.Idempotency;
import io.idempo.runtime.IdempotencyEngine;
import io.idempo.runtime.admin.RecordAdministration;
import io.idempo.runtime.claim.FailOpenClaimStore;
import io.idempo.runtime.claim.InMemoryClaimStore;
import io.idempo.runtime.claim.WriteBehindCompletions;
import io.idempo.runtime.record.RecordSchema;
import io.idempo.runtime.record.RecordStore;
import io.idempo.runtime.record.SqlDialect;
import io.idempo.runtime.spi.ClaimStore;
import io.idempo.runtime.tx.JtaTransactions;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.UserTransaction;
import java.lang.System.Logger.Level;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * Wires the engine from container resources when the web module starts and installs it for the woven aspect:
 * the JTA-joined entity manager of the default (or {@link IdempotencyPersistence}) unit, the transaction
 * synchronization registry, Redis when configured, metrics through the application's OpenTelemetry
 * ({@link EngineMetrics}), the current span's trace id in the outcome line, and the settings read by
 * {@link AdapterConfig}. With the outbox on, produces the injectable {@link Outbox} and starts
 * the relay when the application provides a {@link Publisher} bean. Stops the relay and the purge, closes the metrics
 * and shuts down its own Redis client when the application stops. Tells the application with
 * {@link IdempotencyStarted} once the engine is installed and {@link IdempotencyStopping} before it is removed, so that
 * message listeners and jobs run only while it is there.
 */
@ApplicationScoped
public class IdempotencyBootstrap {

    private static final System.Logger LOG = System.getLogger(IdempotencyBootstrap.class.getName());

    @PersistenceContext
    EntityManager defaultEntityManager;

    @Inject
    @IdempotencyPersistence
    Instance<EntityManager> chosenEntityManager;

    @Resource(lookup = "java:comp/TransactionSynchronizationRegistry")
    TransactionSynchronizationRegistry registry;

    @Resource(lookup = "java:comp/DefaultManagedThreadFactory")
    ManagedThreadFactory threads;

    @Inject
    IdempotencyExtension extension;

    /** The application's, when it relays the outbox's events: a bean, or a {@code @Dependent} producer (null: none). */
    @Inject
    Instance<Publisher> publishers;

    @Inject
    Event<IdempotencyStarted> started;

    @Inject
    Event<IdempotencyStopping> stopping;

    private AdapterConfig config;
    private ScheduledExecutorService scheduler;
    private ClaimStore claims;
    /**
     * The resource methods in which an idempotent call decided a request since the start: only their requests are
     * looked up at the edge, so a route without idempotent calls pays no claim-store read for a key it ignores.
     */
    private final Set<Method> idempotentRoutes = ConcurrentHashMap.newKeySet();
    private RecordStore records;
    private RedisClaims redis;
    private EngineMetrics metrics;
    private RecordAdministration administration;
    private IdempotencyEngine engine;
    private Idempotency.Installation installation;
    private ScheduledFuture<?> purge;
    private Publisher publisher;
    private OutboxWiring outbox;

    /** Called by {@link IdempotencyStarter} when the web module starts. */
    void start() {
        config = extension.config();
        scheduler = AdapterScheduler.open(threads);
        EntityManager entityManager = chosenEntityManager.isResolvable() ? chosenEntityManager.get()
                : defaultEntityManager;
        JtaTransactions transactions = new JtaTransactions(registry, IdempotencyBootstrap::userTransaction,
                entityManager);
        SqlDialect dialect = config.dialect().orElseGet(() -> DialectProbe.detect(entityManager, transactions));
        records = RecordStore.builder(dialect).table(config.table()).lockWait(config.lockWait()).build();
        if (config.createSchema()) {
            List<String> ddl = new ArrayList<>(RecordSchema.statements(dialect, config.table()));
            config.outbox().ifPresent(settings -> ddl.addAll(OutboxSchema.statements(dialect, settings.table())));
            for (String statement : ddl) {
                transactions.inNewTransaction(() -> entityManager.createNativeQuery(statement).executeUpdate(),
                        count -> true);
            }
        }
        redis = RedisClaims.open(config.redis().orElse(null));
        // One write-behind for the engine's outcomes and the edge's answers: they share its pipelines.
        claims = redis == null ? new InMemoryClaimStore()
                : WriteBehindCompletions.over(FailOpenClaimStore.wrap(redis.store(config.redisPrefix())), scheduler);
        metrics = EngineMetrics.open(config.metricsEnabled());
        engine = IdempotencyEngine.builder()
                .claimStore(claims)
                .recordStore(records)
                .transactions(transactions)
                .responseCodec(new JaxRsResponseCodec(JsonbResponseCodec.create()))
                .keyPolicy(config.keyPolicy())
                .defaultTtl(config.defaultTtl())
                .defaultLease(config.defaultLease())
                .waitForResult(config.waitForResult())
                .noTransactionPolicy(config.noTransactionPolicy())
                .scheduler(scheduler)
                .metrics(metrics.metrics())
                .traceIds(new OpenTelemetryTraceIds())
                .build();
        installation = Idempotency.install(engine);
        config.outbox().ifPresent(settings -> {
            publisher = settings.relayEnabled() ? applicationPublisher().orElse(null) : null;
            outbox = OutboxWiring.start(settings, dialect, transactions, scheduler, Optional.ofNullable(publisher),
                    config.purgeBatchSize(), config.purgeMaxBatches());
        });
        ExpiredRecordPurge purgeTask = new ExpiredRecordPurge(records, transactions, config.purgeBatchSize(),
                config.purgeMaxBatches());
        administration = new RecordAdministration(records, claims, transactions, purgeTask, metrics.metrics());
        if (!config.purgeInterval().isZero()) {
            long seconds = config.purgeInterval().toSeconds();
            purge = scheduler.scheduleWithFixedDelay(this::runPurge, seconds, seconds, TimeUnit.SECONDS);
        }
        LOG.log(Level.INFO, "idempo started: claim store {0}, record store {1} table {2}{3}, {4}{5} idempotent"
                + " actions, metrics {6}, admin {7}", redis == null ? "in-JVM" : redis.description(), dialect,
                config.table(), config.createSchema() ? " (created if missing)" : "",
                outbox == null ? "" : outbox.description() + ", ", extension.actions().size(),
                metrics.description(), config.adminEnabled() ? "on" : "off");
        started.fire(new IdempotencyStarted());
    }

    /**
     * The outbox, for injection into the application's beans ({@code @Inject Outbox outbox}); the extension fails the
     * deployment of an application that injects it while {@code idempo.outbox.enabled} is not true.
     */
    @Produces
    @Dependent
    Outbox outbox() {
        if (outbox == null) {
            throw new IllegalStateException("The outbox is not running: set idempo.outbox.enabled=true, and inject"
                    + " Outbox into beans that serve requests rather than into start-up observers, which may run"
                    + " before the adapter started");
        }
        return outbox.outbox();
    }

    private Optional<Publisher> applicationPublisher() {
        if (publishers.isAmbiguous()) {
            throw new IllegalStateException("The application has several Publisher beans: the outbox relay needs"
                    + " one; qualify all but one, or make a single producer choose");
        }
        return publishers.isResolvable() ? Optional.ofNullable(publishers.get()) : Optional.empty();
    }

    /** Called by {@link IdempotencyStarter} when the web module stops. */
    void stop() {
        try {
            if (installation != null) {
                stopping.fire(new IdempotencyStopping());
            }
        } finally {
            if (outbox != null) {
                outbox.close();
            }
            if (publisher != null) {
                publishers.destroy(publisher); // its disposer closes the broker connection
            }
            if (installation != null) {
                installation.close();
            }
            if (engine != null) {
                engine.close();
            }
            if (purge != null) {
                purge.cancel(false);
            }
            if (metrics != null) {
                metrics.close();
            }
            if (redis != null) {
                redis.close();
            }
            if (scheduler != null) {
                AdapterScheduler.stop(scheduler);
            }
        }
    }

    AdapterConfig config() {
        return config;
    }

    ClaimStore claims() {
        return claims;
    }

    Set<Method> idempotentRoutes() {
        return idempotentRoutes;
    }

    IdempotencyEngine engine() {
        return engine;
    }

    RecordStore records() {
        return records;
    }

    RecordAdministration administration() {
        return administration;
    }

    EntityManager entityManager() {
        return chosenEntityManager.isResolvable() ? chosenEntityManager.get() : defaultEntityManager;
    }

    private void runPurge() {
        try {
            int deleted = administration.purgeOnSchedule();
            int sent = outbox == null ? 0 : outbox.purge();
            if (deleted > 0 || sent > 0) {
                LOG.log(Level.INFO, "idempo purge deleted {0} expired records and {1} sent events", deleted, sent);
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "idempo purge failed; it runs again at the next interval", e);
        }
    }

    private static UserTransaction userTransaction() {
        try {
            return (UserTransaction) new InitialContext().lookup("java:comp/UserTransaction");
        } catch (NamingException e) {
            throw new IllegalStateException("No UserTransaction at java:comp/UserTransaction: an idempotent call "
                    + "arrived without a transaction; make the calling method @Transactional", e);
        }
    }
}
