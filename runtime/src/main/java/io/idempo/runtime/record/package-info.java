/**
 * The database record: the final truth about whether a call with a given idempotency key ran, and what it
 * answered.
 *
 * <p>{@link io.idempo.runtime.record.RecordStore} claims, completes, deletes, finds and purges records with
 * native SQL on the caller's own transaction, through a {@link io.idempo.runtime.spi.SqlExecutor}: a JDBC
 * {@link java.sql.Connection} or a JPA {@code EntityManager}. The store never commits, rolls back or opens a
 * connection; the transaction belongs to the caller, so the record commits or rolls back with the business write.
 *
 * <p>The table's DDL ships per database under {@code io/idempo/runtime/schema/}; see
 * {@link io.idempo.runtime.record.RecordSchema}.
 */
package io.idempo.runtime.record;
