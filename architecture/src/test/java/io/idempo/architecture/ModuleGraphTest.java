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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The dependency graph the design fixes (docs/architecture.md): annotations &lt;- processor; annotations &lt;- runtime
 * &lt;- adapters. Read from the library's own classes (not its tests), so a wrong import fails the build, not a review.
 */
class ModuleGraphTest {

    private static final String ANNOTATIONS = "io.idempo";
    private static final String PLAN = "io.idempo.plan..";
    private static final String PROCESSOR = "io.idempo.processor..";
    private static final String RUNTIME = "io.idempo.runtime..";
    private static final String ADAPTER = "io.idempo.jakarta..";
    private static final String MESSAGING = "io.idempo.messaging..";

    private static JavaClasses library;

    @BeforeAll
    static void importLibrary() {
        library = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.idempo")
                .that(not(resideInAPackage("io.idempo.architecture..")));
        for (String module : List.of("io.idempo.Idempotent", "io.idempo.processor.IdempotencyProcessor",
                "io.idempo.runtime.IdempotencyEngine", "io.idempo.jakarta.internal.IdempotencyExtension")) {
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
    void theProcessorNeverDependsOnTheRuntimeOrAnAdapter() {
        noClasses().that().resideInAPackage(PROCESSOR)
                .should().dependOnClassesThat().resideInAnyPackage(RUNTIME, ADAPTER, MESSAGING)
                .check(library);
    }

    @Test
    void theRuntimeNeverDependsOnAnAdapterABrokerOrTheWebAndCdiApis() {
        noClasses().that().resideInAPackage(RUNTIME)
                .should().dependOnClassesThat().resideInAnyPackage(ADAPTER, MESSAGING, "com.rabbitmq..",
                        "jakarta.ws..", "jakarta.servlet..", "jakarta.enterprise..", "jakarta.interceptor..")
                .check(library);
    }

    @Test
    void theRuntimesImplementationPackagesNeverReachBackIntoItsApi() {
        noClasses().that().resideInAnyPackage("io.idempo.runtime.claim..", "io.idempo.runtime.codec..",
                        "io.idempo.runtime.record..", "io.idempo.runtime.tx..", "io.idempo.runtime.spi..",
                        "io.idempo.runtime.json..", "io.idempo.runtime.internal..", "io.idempo.runtime.outbox..",
                        "io.idempo.runtime.metrics..")
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
}
