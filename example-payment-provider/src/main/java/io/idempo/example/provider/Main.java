package io.idempo.example.provider;

/**
 * {@code java -jar idempo-example-payment-provider.jar}: a provider configured by its environment
 * ({@link ProviderEnvironment}), until the process ends. Exit code 2 for a bad setting, 1 when it cannot start.
 */
public final class Main {

    /** One line a record (JUL's default takes two), unless the JVM is given a format of its own. */
    private static final String ONE_LINE_LOGS = "%1$tF %1$tT.%1$tL %4$s %5$s%6$s%n";

    private Main() {
    }

    public static void main(String[] args) {
        if (System.getProperty("java.util.logging.SimpleFormatter.format") == null) {
            System.setProperty("java.util.logging.SimpleFormatter.format", ONE_LINE_LOGS);
        }
        if (args.length > 0) {
            exit(2, "takes no arguments; it reads PROVIDER_PORT, PROVIDER_DATA, PROVIDER_WEBHOOK_URL, PROVIDER_FAULTS"
                    + " and PROVIDER_SEED from its environment");
        }
        ProviderSettings settings;
        try {
            settings = ProviderEnvironment.read(System.getenv());
        } catch (IllegalArgumentException e) {
            exit(2, e.getMessage());
            return;
        }
        try {
            PaymentProvider provider = PaymentProvider.start(settings);
            Runtime.getRuntime().addShutdownHook(new Thread(provider::close, "payment-provider-stop"));
        } catch (Exception e) {
            exit(1, "cannot start: " + e.getMessage());
        }
    }

    private static void exit(int status, String message) {
        System.err.println("payment provider: " + message);
        System.exit(status);
    }
}
