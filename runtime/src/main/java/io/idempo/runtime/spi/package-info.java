/**
 * The service-provider interfaces: what the engine needs from a claim store ({@link
 * io.idempo.runtime.spi.ClaimStore}), a transaction model ({@link io.idempo.runtime.spi.TransactionSupport}), the
 * SQL it runs the record on ({@link io.idempo.runtime.spi.SqlExecutor}), a response codec ({@link
 * io.idempo.runtime.spi.ResponseCodec}), where it reports metrics ({@link io.idempo.runtime.spi.IdempotencyMetrics})
 * and where its outcome line finds the trace id ({@link io.idempo.runtime.spi.TraceIds}), with the values that cross
 * them. The runtime ships the in-JVM claim store ({@code claim}), the transaction models ({@code tx}) and the SQL
 * executors ({@code record}); modules of their own ship the others: idempo-redis-jedis (the Redis claim store),
 * idempo-jsonb and idempo-jackson (codecs), idempo-opentelemetry (metrics and trace ids). Implement one of these
 * interfaces to plug in another. They change only with a release note.
 */
package io.idempo.runtime.spi;
