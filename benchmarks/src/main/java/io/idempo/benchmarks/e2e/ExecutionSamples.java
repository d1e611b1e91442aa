package io.idempo.benchmarks.e2e;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;

/**
 * The {@code jdk.ExecutionSample} events of a recording, counted four ways: by top frame (self), by the
 * component of the top frame, by the nearest frame that is not the JDK's own (so that a {@code HashMap.get}
 * counts for the library that called it; crypto and logging count as libraries), and inclusively by every
 * component and every method on the stack.
 */
final class ExecutionSamples {

    long total;
    long onWorkers;
    long truncated;
    final Map<String, Long> selfFrames = new HashMap<>();
    final Map<FrameComponent, Long> selfComponents = new EnumMap<>(FrameComponent.class);
    final Map<FrameComponent, Long> nearestLibrary = new EnumMap<>(FrameComponent.class);
    final Map<FrameComponent, Long> inclusiveComponents = new EnumMap<>(FrameComponent.class);
    final Map<String, Long> inclusiveIdempoMethods = new HashMap<>();
    /** Every method by the samples with it anywhere on the stack. */
    final Map<String, Long> inclusiveMethods = new HashMap<>();

    void add(RecordedEvent sample) {
        RecordedStackTrace stack = sample.getStackTrace();
        if (stack == null || stack.getFrames().isEmpty()) {
            return;
        }
        total++;
        if (HttpWorkers.isWorker(sample.getThread("sampledThread"))) {
            onWorkers++;
        }
        if (stack.isTruncated()) {
            truncated++;
        }
        List<RecordedFrame> frames = stack.getFrames();
        String top = className(frames.get(0));
        selfFrames.merge(method(frames.get(0)), 1L, Long::sum);
        selfComponents.merge(FrameComponent.of(top), 1L, Long::sum);
        FrameComponent owner = FrameComponent.JDK;
        Set<FrameComponent> components = EnumSet.noneOf(FrameComponent.class);
        Set<String> idempoMethods = new HashSet<>();
        Set<String> methods = new HashSet<>();
        for (RecordedFrame frame : frames) {
            FrameComponent component = FrameComponent.of(className(frame));
            methods.add(method(frame));
            if (owner == FrameComponent.JDK && component != FrameComponent.JDK) {
                owner = component;
            }
            components.add(component);
            if (component == FrameComponent.IDEMPO) {
                idempoMethods.add(method(frame));
            }
        }
        nearestLibrary.merge(owner, 1L, Long::sum);
        components.forEach(component -> inclusiveComponents.merge(component, 1L, Long::sum));
        idempoMethods.forEach(name -> inclusiveIdempoMethods.merge(name, 1L, Long::sum));
        methods.forEach(name -> inclusiveMethods.merge(name, 1L, Long::sum));
    }

    double percent(long count) {
        return total == 0 ? 0 : 100.0 * count / total;
    }

    private static String className(RecordedFrame frame) {
        return frame.getMethod().getType().getName();
    }

    static String method(RecordedFrame frame) {
        return className(frame) + "." + frame.getMethod().getName();
    }
}
