package io.idempo.benchmarks.e2e;

import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.stream.IntStream;

/** Medians, per-pair ratios and differences over the rounds of one endpoint (or one consumer variant). */
public final class Stats {

    private Stats() {
    }

    static <T> double median(List<T> items, ToDoubleFunction<T> value) {
        double[] values = items.stream().mapToDouble(value).filter(v -> !Double.isNaN(v)).sorted().toArray();
        if (values.length == 0) {
            return Double.NaN;
        }
        int middle = values.length / 2;
        return values.length % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
    }

    public static double median(List<Double> values) {
        return median(values, Double::doubleValue);
    }

    /** B − A per round pair (the rounds are in the same order in both lists). */
    static List<Double> pairDifferences(List<Measurement> plain, List<Measurement> idempotent,
                                        ToDoubleFunction<Measurement> value) {
        return IntStream.range(0, Math.min(plain.size(), idempotent.size()))
                .mapToObj(i -> value.applyAsDouble(idempotent.get(i)) - value.applyAsDouble(plain.get(i)))
                .toList();
    }

    /** B ÷ A per round pair (the rounds are in the same order in both lists). */
    static List<Double> pairRatios(List<Measurement> plain, List<Measurement> idempotent,
                                   ToDoubleFunction<Measurement> value) {
        return IntStream.range(0, Math.min(plain.size(), idempotent.size()))
                .mapToObj(i -> value.applyAsDouble(idempotent.get(i)) / value.applyAsDouble(plain.get(i)))
                .toList();
    }
}
