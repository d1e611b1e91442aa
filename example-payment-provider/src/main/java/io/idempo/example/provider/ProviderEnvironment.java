package io.idempo.example.provider;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The runnable jar's settings, from its environment (a blank variable counts as unset):
 * <ul>
 * <li>{@code PROVIDER_PORT}: the port on every interface, {@value #DEFAULT_PORT} unless set (0: a free one);</li>
 * <li>{@code PROVIDER_DATA}: the data folder, {@link Storage#DEFAULT_DIRECTORY} unless set;</li>
 * <li>{@code PROVIDER_WEBHOOK_URL}: where webhooks go, user info sent as Basic credentials; unset: no webhooks;</li>
 * <li>{@code PROVIDER_FAULTS}: the faults, as {@link Faults#parse} reads them; unset: none;</li>
 * <li>{@code PROVIDER_SEED}: the faults' seed, a whole number; unset: a random one, which the start line logs.</li>
 * </ul>
 */
public final class ProviderEnvironment {

    public static final String PORT = "PROVIDER_PORT";
    public static final String DATA = "PROVIDER_DATA";
    public static final String WEBHOOK_URL = "PROVIDER_WEBHOOK_URL";
    public static final String FAULTS = "PROVIDER_FAULTS";
    public static final String SEED = "PROVIDER_SEED";
    public static final int DEFAULT_PORT = 8090;

    private ProviderEnvironment() {
    }

    /**
     * The settings {@code environment} gives.
     *
     * @throws IllegalArgumentException naming every variable that is wrong, and why
     */
    public static ProviderSettings read(Map<String, String> environment) {
        List<String> problems = new ArrayList<>();
        ProviderSettings settings = ProviderSettings.embedded();
        settings = settings.withAddress(new InetSocketAddress(port(environment, problems)));
        settings = settings.withStorage(storage(environment, problems));
        String webhook = value(environment, WEBHOOK_URL);
        if (webhook != null) {
            try {
                settings = settings.withWebhook(WebhookTarget.parse(webhook));
            } catch (IllegalArgumentException e) {
                problems.add(WEBHOOK_URL + ": " + e.getMessage());
            }
        }
        String faults = value(environment, FAULTS);
        if (faults != null) {
            try {
                settings = settings.withFaults(Faults.parse(faults));
            } catch (IllegalArgumentException e) {
                problems.add(FAULTS + "=" + faults + ": " + e.getMessage());
            }
        }
        String seed = value(environment, SEED);
        if (seed != null) {
            try {
                settings = settings.withSeed(Long.parseLong(seed));
            } catch (NumberFormatException e) {
                problems.add(SEED + " must be a whole number (a long), not \"" + seed + "\"");
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        return settings;
    }

    private static int port(Map<String, String> environment, List<String> problems) {
        String port = value(environment, PORT);
        if (port == null) {
            return DEFAULT_PORT;
        }
        if (port.matches("[0-9]{1,5}") && Integer.parseInt(port) <= 65535) {
            return Integer.parseInt(port);
        }
        problems.add(PORT + " must be a port from 0 to 65535, not \"" + port + "\"");
        return DEFAULT_PORT;
    }

    private static Storage storage(Map<String, String> environment, List<String> problems) {
        String data = value(environment, DATA);
        try {
            return Storage.directory(data == null ? Storage.DEFAULT_DIRECTORY : Path.of(data));
        } catch (IllegalArgumentException e) { // an InvalidPathException as well
            problems.add(DATA + ": " + e.getMessage());
            return Storage.inMemory();
        }
    }

    private static String value(Map<String, String> environment, String name) {
        String value = environment.get(name);
        return value == null || value.isBlank() ? null : value.strip();
    }
}
