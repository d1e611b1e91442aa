package io.idempo.runtime.step;

import io.idempo.runtime.spi.CallOutcome;
import io.idempo.runtime.spi.ClaimStoreHealth;
import io.idempo.runtime.spi.IdempotencyMetrics;
import io.idempo.runtime.spi.StepOutcome;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/** The step metrics as reported: one {@code step/outcome} entry per run, and the last INDETERMINATE count. */
final class RecordingMetrics implements IdempotencyMetrics {

    final List<String> steps = new CopyOnWriteArrayList<>();
    final AtomicLong indeterminate = new AtomicLong(-1);

    @Override
    public void stepEnded(String step, StepOutcome outcome, long nanos) {
        if (nanos <= 0) {
            throw new AssertionError("a run takes time: " + nanos);
        }
        steps.add(step + "/" + outcome.label());
    }

    @Override
    public void indeterminateStepsCounted(long count) {
        indeterminate.set(count);
    }

    @Override
    public void callEnded(String action, CallOutcome outcome, long nanos) {
    }

    @Override
    public void recordStoreFailed() {
    }

    @Override
    public void observe(ClaimStoreHealth claimStore) {
    }

    @Override
    public void stuckRecordsCounted(long count) {
    }
}
