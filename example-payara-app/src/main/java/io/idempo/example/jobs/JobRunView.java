package io.idempo.example.jobs;

import java.time.Instant;

/** A run as {@code GET /api/jobs/runs} shows it, and as a slot's idempotent call answers (and replays) it. */
public record JobRunView(long id, String job, String slot, String node, int expiredOrders, Instant startedAt,
                         Instant finishedAt) {

    public static JobRunView of(JobRun run) {
        return new JobRunView(run.getId(), run.getJob(), run.getSlot(), run.getNode(), run.getExpiredOrders(),
                Instant.ofEpochMilli(run.getCreatedAt()), Instant.ofEpochMilli(run.getFinishedAt()));
    }
}
