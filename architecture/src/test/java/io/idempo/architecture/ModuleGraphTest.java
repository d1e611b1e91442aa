package io.idempo.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The dependency graph the design fixes (docs/architecture.md): annotations &lt;- processor; annotations &lt;- runtime
 * &lt;- backends (each on the runtime and its own client) &lt;- adapters. Read from the library's own classes (not its
 * tests), so a wrong import fails the build, not a review.
 */
class ModuleGraphTest {

    private static final String ANNOTATIONS = "io.idempo";
    private static final String PLAN = "io.idempo.plan..";
    private static final String PROCESSOR = "io.idempo.processor..";
    private static final String RUNTIME = "io.idempo.runtime..";
    private static final String REDIS_JEDIS = "io.idempo.redis.jedis..";
    private static final String OUTBOX = "io.idempo.outbox..";
    private static final String JSONB = "io.idempo.jsonb..";
    private static final String JACKSON = "io.idempo.jackson..";
    private static final String OPENTELEMETRY = "io.idempo.opentelemetry..";
    private static final String[] BACKENDS = {REDIS_JEDIS, OUTBOX, JSONB, JACKSON, OPENTELEMETRY};
    private static final String ADAPTER = "io.idempo.jakarta..";
    private static final String MESSAGING = "io.idempo.messaging..";

    /** The libraries the backends are built on, each the client of one backend. */
    private static final String JEDIS_LIBRARY = "redis.clients..";
    private static final String JSON_B_AND_P_APIS = "jakarta.json..";
    private static final String JACKSON_LIBRARY = "com.fasterxml.jackson..";
    private static final String OPENTELEMETRY_API = "io.opentelemetry..";

    private static JavaClasses library;

    @BeforeAll
    static void importLibrary() {
        library = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.idempo")
                .that(not(resideInAPackage("io.idempo.architecture..")));
        for (String module : List.of("io.idempo.Idempotent", "io.idempo.processor.IdempotencyProcessor",
                "io.idempo.runtime.IdempotencyEngine", "io.idempo.redis.jedis.JedisClaimStore",
                "io.idempo.outbox.Outbox", "io.idempo.jsonb.JsonbResponseCodec",
                "io.idempo.jackson.JacksonResponseCodec", "io.idempo.opentelemetry.OpenTelemetryMetrics",
                "io.idempo.jakarta.internal.IdempotencyExtension", "io.idempo.messaging.IdempotentConsumer")) {
            assertTrue(library.contain(module), "the rules read every module's classes: " + module);
        }
    }

    @Test
    void theAnnotationsAndThePlanContractDependOnNothingButTheJdk() {
        classes().that().resideInAnyPackage(ANNOTATIONS, PLAN)
                .should().onlyDependOnClassesThat().resideInAnyPackage(ANNOTATIONS, PLAN, "java..")
                .check(library);
    }

    @Test
    void theProcessorNeverDependsOnTheRuntimeABackendOrAnAdapter() {
        noClasses().that().resideInAPackage(PROCESSOR)
                .should().dependOnClassesThat().resideInAnyPackage(with(BACKENDS, RUNTIME, ADAPTER, MESSAGING))
                .check(library);
    }

    @Test
    void theRuntimeNeverDependsOnABackendAnAdapterABrokerOrTheWebAndCdiApis() {
        noClasses().that().resideInAPackage(RUNTIME)
                .should().dependOnClassesThat().resideInAnyPackage(with(BACKENDS, ADAPTER, MESSAGING,
                        "com.rabbitmq..", "jakarta.ws..", "jakarta.servlet..", "jakarta.enterprise..",
                        "jakarta.interceptor.."))
                .check(library);
    }

    /** The runtime has no optional dependency: each of these libraries belongs to the backend built on it. */
    @Test
    void theRuntimeNeverDependsOnJedisJsonBJsonPJacksonOrOpenTelemetry() {
        noClasses().that().resideInAPackage(RUNTIME)
                .should().dependOnClassesThat().resideInAnyPackage(JEDIS_LIBRARY, JSON_B_AND_P_APIS,
                        JACKSON_LIBRARY, OPENTELEMETRY_API)
                .check(library);
    }

    @Test
    void eachBackendDependsOnTheRuntimeAndItsOwnClientOnly() {
        dependsOnTheRuntimeAnd(REDIS_JEDIS, JEDIS_LIBRARY);
        dependsOnTheRuntimeAnd(OUTBOX, PLAN);
        dependsOnTheRuntimeAnd(JSONB, JSON_B_AND_P_APIS);
        dependsOnTheRuntimeAnd(JACKSON, JACKSON_LIBRARY);
        dependsOnTheRuntimeAnd(OPENTELEMETRY, OPENTELEMETRY_API);
    }

    @Test
    void theRuntimesImplementationPackagesNeverReachBackIntoItsApi() {
        noClasses().that().resideInAnyPackage("io.idempo.runtime.claim..", "io.idempo.runtime.record..",
                        "io.idempo.runtime.tx..", "io.idempo.runtime.spi..", "io.idempo.runtime.internal..")
                .should().dependOnClassesThat().resideInAPackage("io.idempo.runtime")
                .check(library);
    }

    @Test
    void theServiceProviderInterfacesDependOnNothingElseOfTheRuntime() {
        classes().that().resideInAPackage("io.idempo.runtime.spi..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("io.idempo.runtime.spi..", "java..")
                .check(library);
    }

    @Test
    void theRuntimesPackagesHaveNoCycles() {
        slices().matching("io.idempo.runtime.(*)..").should().beFreeOfCycles().check(library);
    }

    @Test
    void theJakartaAdaptersApiIsWhatApplicationsUseAndReachesNoImplementation() {
        classes().that().resideInAPackage("io.idempo.jakarta")
                .should().onlyDependOnClassesThat().resideInAnyPackage("io.idempo.jakarta", "java..", "jakarta.inject..")
                .check(library);
    }

    @Test
    void theJakartaAdapterNeverDependsOnABrokerClient() {
        noClasses().that().resideInAPackage(ADAPTER)
                .should().dependOnClassesThat().resideInAnyPackage(MESSAGING, "com.rabbitmq..")
                .check(library);
    }

    private static void dependsOnTheRuntimeAnd(String backend, String client) {
        classes().that().resideInAPackage(backend)
                .should().onlyDependOnClassesThat().resideInAnyPackage(backend, client, RUNTIME, "java..")
                .check(library);
    }

    private static String[] with(String[] packages, String... more) {
        return Stream.concat(Stream.of(packages), Stream.of(more)).toArray(String[]::new);
    }
}
