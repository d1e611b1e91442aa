package io.idempo.example.jobs;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** One run of a scheduled job for one slot: the books of the jobs, which must hold one per job and slot. */
@Entity
@Table(name = "job_runs")
public class JobRun {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @Column(nullable = false, length = 64)
    private String job;

    /** The slot's start, ISO-8601 ({@code 2026-12-01T12:20:00Z}). */
    @Column(nullable = false, length = 32)
    private String slot;

    /** The instance that ran it. */
    @Column(nullable = false, length = 128)
    private String node;

    @Column(name = "expired_orders", nullable = false)
    private int expiredOrders;

    /** When the run started, epoch milliseconds. */
    @Column(name = "created_at", nullable = false)
    private long createdAt;

    /** When its work was done, just before its transaction committed, epoch milliseconds. */
    @Column(name = "finished_at", nullable = false)
    private long finishedAt;

    protected JobRun() {
    }

    public JobRun(String job, String slot, String node, int expiredOrders, long createdAt, long finishedAt) {
        this.job = job;
        this.slot = slot;
        this.node = node;
        this.expiredOrders = expiredOrders;
        this.createdAt = createdAt;
        this.finishedAt = finishedAt;
    }

    public Long getId() {
        return id;
    }

    public String getJob() {
        return job;
    }

    public String getSlot() {
        return slot;
    }

    public String getNode() {
        return node;
    }

    public int getExpiredOrders() {
        return expiredOrders;
    }

    public long getCreatedAt() {
        return createdAt;
    }

    public long getFinishedAt() {
        return finishedAt;
    }
}
