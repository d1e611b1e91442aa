package io.idempo.benchmarks.e2e;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/** Every measured round of a run, as it comes, the open-loop series' rates and the configurations that failed. */
final class Results {

    private final List<Measurement> all = new ArrayList<>();
    private final Set<Configuration> configurations = new LinkedHashSet<>();
    private final Map<Configuration, String> failures = new LinkedHashMap<>();
    private final Map<Map.Entry<Configuration, Series>, Double> targetRates = new HashMap<>();

    /**
     * Both endpoints' rounds of one series in one configuration, in round order, and their counting passes (null
     * when the run stopped before them).
     */
    record Pair(Series series, List<Measurement> plain, List<Measurement> idempotent, Measurement plainCount,
                Measurement idempotentCount) {

        /** B ÷ A throughput of each round pair. */
        List<Double> throughputRatios() {
            return Stats.pairRatios(plain, idempotent, m -> m.load().requestsPerSecond());
        }

        double throughputRatio() {
            return Stats.median(throughputRatios());
        }

        /** B − A of {@code value} in each round pair. */
        List<Double> added(ToDoubleFunction<Measurement> value) {
            return Stats.pairDifferences(plain, idempotent, value);
        }
    }

    void add(Measurement measurement) {
        all.add(measurement);
        configurations.add(measurement.configuration());
    }

    void fail(Configuration configuration, String message) {
        configurations.add(configuration);
        failures.put(configuration, message);
    }

    /** Notes the fixed rate of an open-loop series. */
    void targetRate(Configuration configuration, Series series, double rate) {
        targetRates.put(Map.entry(configuration, series), rate);
    }

    /** The fixed rate of an open-loop series, NaN if it did not run. */
    double targetRate(Configuration configuration, Series series) {
        return targetRates.getOrDefault(Map.entry(configuration, series), Double.NaN);
    }

    List<Measurement> all() {
        return all;
    }

    /** The configurations that ran, in run order. */
    List<Configuration> configurations() {
        return List.copyOf(configurations);
    }

    /** Why {@code configuration} stopped early, or null. */
    String failure(Configuration configuration) {
        return failures.get(configuration);
    }

    /** The series measured in {@code configuration}, in run order. */
    List<Pair> pairs(Configuration configuration) {
        return all.stream().filter(m -> m.configuration() == configuration).map(Measurement::series).distinct()
                .map(series -> pair(configuration, series).orElseThrow()).toList();
    }

    Optional<Pair> pair(Configuration configuration, Series series) {
        List<Measurement> rounds = all.stream()
                .filter(m -> m.configuration() == configuration && m.series() == series)
                .sorted(Comparator.comparingInt(Measurement::round)).toList();
        if (rounds.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Pair(series,
                rounds.stream().filter(m -> !m.idempotent() && !m.isCountingPass()).toList(),
                rounds.stream().filter(m -> m.idempotent() && !m.isCountingPass()).toList(),
                countingPass(rounds, false), countingPass(rounds, true)));
    }

    private static Measurement countingPass(List<Measurement> rounds, boolean idempotent) {
        return rounds.stream().filter(m -> m.isCountingPass() && m.idempotent() == idempotent).findFirst()
                .orElse(null);
    }
}
