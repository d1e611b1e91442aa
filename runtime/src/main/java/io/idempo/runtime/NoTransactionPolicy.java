package io.idempo.runtime;

/** What the engine does when an idempotent call arrives outside any transaction. */
public enum NoTransactionPolicy {
    /** Begin a transaction around the call (REQUIRED semantics): the default, as for a CDI {@code @Transactional}. */
    BEGIN,
    /** Refuse the call with {@link NoTransactionException}: for code bases where every write must be transactional. */
    REFUSE
}
