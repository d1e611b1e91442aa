package io.idempo.example.e2e;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A scrape of {@code /metrics} in the Prometheus text format, read into samples: a metric name, its labels and its
 * value. Enough of the format for the app's own metrics (no escaped quotes in label values).
 *
 * <pre>{@code
 * PrometheusText scrape = PrometheusText.parse(server.anonymous().get("/metrics").body());
 * double replays = scrape.value("idempotency_requests_total",
 *         Map.of("idempotency_action", "orders.create", "idempotency_outcome", "replayed"));
 * }</pre>
 */
public final class PrometheusText {

    private static final Pattern SAMPLE = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{([^}]*)})? (\\S+)");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"([^\"]*)\"");

    /** One line of the scrape. */
    public record Sample(String name, Map<String, String> labels, double value) {
    }

    private final List<Sample> samples;

    private PrometheusText(List<Sample> samples) {
        this.samples = List.copyOf(samples);
    }

    public static PrometheusText parse(String text) {
        List<Sample> samples = new ArrayList<>();
        for (String line : text.lines().toList()) {
            Matcher sample = SAMPLE.matcher(line);
            if (line.startsWith("#") || !sample.matches()) {
                continue;
            }
            Map<String, String> labels = new LinkedHashMap<>();
            if (sample.group(2) != null) {
                Matcher label = LABEL.matcher(sample.group(2));
                while (label.find()) {
                    labels.put(label.group(1), label.group(2));
                }
            }
            samples.add(new Sample(sample.group(1), labels, Double.parseDouble(sample.group(3))));
        }
        return new PrometheusText(samples);
    }

    /** The sum of the samples named {@code name} whose labels include {@code labels}; 0 when there is none. */
    public double value(String name, Map<String, String> labels) {
        return matching(name, labels).stream().mapToDouble(Sample::value).sum();
    }

    /** The samples named {@code name} whose labels include {@code labels}. */
    public List<Sample> matching(String name, Map<String, String> labels) {
        return samples.stream().filter(sample -> sample.name().equals(name)
                && sample.labels().entrySet().containsAll(labels.entrySet())).toList();
    }
}
