package io.idempo.benchmarks;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * The CPU time of the whole benchmark JVM per operation, over each iteration: the calling thread and every other
 * thread the operation keeps busy, such as a Redis client's Netty event loops, plus the garbage collector and the
 * harness (idle during an iteration). {@code -prof io.idempo.benchmarks.ProcessCpuProfiler}; use it with one
 * benchmark thread and a fork, where the JVM runs nothing else.
 */
public class ProcessCpuProfiler implements InternalProfiler {

    private final OperatingSystemMXBean os =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private long cpuNanosBefore;

    @Override
    public String getDescription() {
        return "Process CPU time (all threads) per operation";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        cpuNanosBefore = os.getProcessCpuTime();
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams,
            IterationParams iterationParams, IterationResult result) {
        double cpuMicros = (os.getProcessCpuTime() - cpuNanosBefore) / 1_000.0;
        long operations = result.getMetadata().getAllOps();
        return List.of(new ScalarResult("cpu.process", cpuMicros / operations, "µs/op", AggregationPolicy.AVG));
    }
}
