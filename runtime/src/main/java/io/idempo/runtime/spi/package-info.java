/**
 * The service-provider interfaces: what the engine needs from a claim store ({@link
 * io.idempo.runtime.spi.ClaimStore}), a transaction model ({@link io.idempo.runtime.spi.TransactionSupport}), the
 * SQL it runs the record on ({@link io.idempo.runtime.spi.SqlExecutor}) and a response codec ({@link
 * io.idempo.runtime.spi.ResponseCodec}), and what the outbox relay needs from a broker ({@link
 * io.idempo.runtime.spi.Publisher}), with the values that cross them. The library ships implementations in
 * {@code claim}, {@code tx}, {@code record} and {@code codec} (and a RabbitMQ publisher in {@code idempo-messaging});
 * implement one of these interfaces to plug in another. They change only with a release note.
 */
package io.idempo.runtime.spi;
