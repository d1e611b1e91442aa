package io.idempo.benchmarks.e2e;

import java.io.IOException;
import java.nio.file.Path;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * What one phase's recording shows, with the load that wrk reported for it.
 *
 * @param serverCpuMicros the server JVM's CPU time during the phase ({@code /proc}), recorder included
 * @param unrecordedCpuMicrosPerRequest the same per request in the last warm-up load, without a recording
 * @param machineBusy     the share of the machine's CPU that was busy during the phase (everything: the server, wrk,
 *                        the databases and other programs), 0 to 1
 */
record PhaseProfile(ProfilePhase phase, LoadResult load, long serverCpuMicros,
                    double unrecordedCpuMicrosPerRequest, double machineBusy, ExecutionSamples samples,
                    RecordedAllocations allocations) {

    static PhaseProfile read(ProfilePhase phase, LoadResult load, long serverCpuMicros,
                             double unrecordedCpuMicrosPerRequest, double machineBusy, Path recording)
            throws IOException {
        ExecutionSamples samples = new ExecutionSamples();
        RecordedAllocations allocations = new RecordedAllocations();
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent event = file.readEvent();
                switch (event.getEventType().getName()) {
                    case "jdk.ExecutionSample" -> samples.add(event);
                    case "jdk.ThreadAllocationStatistics" -> allocations.addStatistics(event);
                    case "jdk.ObjectAllocationSample" -> allocations.addSample(event);
                    default -> {
                    }
                }
            }
        }
        return new PhaseProfile(phase, load, serverCpuMicros, unrecordedCpuMicrosPerRequest, machineBusy, samples,
                allocations);
    }

    double perRequest(long amount) {
        return load.requests() == 0 ? 0 : (double) amount / load.requests();
    }
}
