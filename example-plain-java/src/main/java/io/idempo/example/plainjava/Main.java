package io.idempo.example.plainjava;

import java.lang.System.Logger.Level;

/**
 * Runs the demo against the database and Redis that the environment names ({@link Settings#fromEnvironment()}):
 * {@code mvn -pl example-plain-java -am -Prun -DskipTests package} from the repository root.
 */
public final class Main {

    private static final System.Logger LOG = System.getLogger("io.idempo.example");

    private Main() {
    }

    public static void main(String[] args) {
        Settings settings = Settings.fromEnvironment();
        DemoPaymentProvider payments = new DemoPaymentProvider();
        try (Application application = Application.start(settings, payments)) {
            System.out.printf("idempo plain-Java example: database %s (dialect %s, READ COMMITTED), claims %s%n",
                    settings.dbUrl(), application.dialect(), application.claimsLocation());
            new Demo(application, payments, System.out).run();
            System.out.printf("%nDone: every duplicate was answered without running the method again.%n");
        } catch (Exception | Error unexpected) {
            // Hibernate's own log of SQL errors is off (logback.xml): what reaches here is logged here.
            LOG.log(Level.ERROR, "The example failed", unexpected);
            System.exit(1);
        }
    }
}
