package io.idempo.benchmarks.e2e;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * Requests at a fixed rate whatever the answers do (open loop), each with a new Idempotency-Key. Request i is due at
 * t0 + i ÷ rate and its latency runs from then to the end of its answer, so a request that waits (for a connection,
 * or behind a late generator) counts its wait: the latency a steady stream of callers sees, without the coordinated
 * omission of a closed loop, where a stall holds back the very requests it would have delayed.
 *
 * <p>One thread and a selector, as wrk: a due request goes out on an idle keep-alive connection, or on a new one when
 * none is idle, up to {@link #MAX_CONNECTIONS}; past that it waits for the next free one. Every request's bytes are
 * built before the first is due; answers are parsed as raw HTTP/1.1 ({@link HttpAnswer}). The selector waits in
 * milliseconds, so a request may go out up to 1 ms before its time: its latency then counts from its send.
 */
final class FixedRateLoad {

    /** Enough that requests do not wait for each other at the rates measured; a bound should the server stall. */
    static final int MAX_CONNECTIONS = 256;
    /** Opened before the first request is due, so that the start does not measure connection set-ups. */
    private static final int INITIAL_CONNECTIONS = 16;
    /** As wrk's {@code --timeout}: an answer later than this counts as none. */
    private static final long TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static final long MILLI = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long TIMEOUT_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    /**
     * One run: what the server did, and how the generator kept up.
     *
     * @param connections           connections opened
     * @param dispatchLateP99Micros 99th percentile of how late the generator got to the requests (a busy machine's
     *                              scheduling; the latencies include it)
     */
    record Outcome(LoadResult load, int connections, long dispatchLateP99Micros) {
    }

    /** A connection and the request it carries, if any. */
    private static final class Connection {
        final SocketChannel channel;
        final SelectionKey key;
        final HttpAnswer answer = new HttpAnswer();
        ByteBuffer out;
        int index = -1;
        long measuredFrom;

        Connection(SocketChannel channel, SelectionKey key) {
            this.channel = channel;
            this.key = key;
        }
    }

    private final InetSocketAddress address;
    private final double rate;
    private final byte[][] requests;
    private final Selector selector;
    private final List<Connection> connections = new ArrayList<>();
    private final ArrayDeque<Connection> idle = new ArrayDeque<>();
    private final ArrayDeque<Integer> waiting = new ArrayDeque<>();
    private final Histogram latencies = new Histogram(3);
    private final Histogram dispatchLateness = new Histogram(3);
    private final Map<Integer, Long> statuses = new TreeMap<>();
    private long replayed;
    private long failed;
    private long lastAnswer;
    private int opened;
    private long start;

    private FixedRateLoad(URI base, String path, String keyPrefix, double rate, Duration duration)
            throws IOException {
        this.address = new InetSocketAddress(base.getHost(), base.getPort());
        this.rate = rate;
        byte[] head = LoadRequests.head(base, path).getBytes(StandardCharsets.US_ASCII);
        requests = new byte[(int) Math.round(rate * duration.toNanos() / 1e9)][];
        for (int i = 0; i < requests.length; i++) {
            String body = LoadRequests.orderBody(i, 100);
            byte[] own = ("Idempotency-Key: " + keyPrefix + i + "\r\nContent-Length: " + body.length() + "\r\n\r\n"
                    + body).getBytes(StandardCharsets.US_ASCII);
            requests[i] = new byte[head.length + own.length];
            System.arraycopy(head, 0, requests[i], 0, head.length);
            System.arraycopy(own, 0, requests[i], head.length, own.length);
        }
        selector = Selector.open();
    }

    /** {@code rate} requests per second to {@code path} for {@code duration}, keys {@code keyPrefix} + 0, 1, ... */
    static Outcome run(URI base, String path, String keyPrefix, double rate, Duration duration) throws IOException {
        FixedRateLoad load = new FixedRateLoad(base, path, keyPrefix, rate, duration);
        try {
            return load.run();
        } finally {
            load.closeAll();
        }
    }

    private Outcome run() throws IOException {
        for (int i = 0; i < INITIAL_CONNECTIONS; i++) {
            SocketChannel channel = SocketChannel.open();
            try {
                channel.connect(address);
                idle.add(register(channel, SelectionKey.OP_READ));
            } catch (IOException e) {
                channel.close();
            }
        }
        start = System.nanoTime();
        long end = intendedNanos(requests.length);
        int next = 0;
        long nextTimeoutCheck = start + TIMEOUT_CHECK_NANOS;
        while (answeredOrFailed() < requests.length) {
            long now = System.nanoTime();
            while (next < requests.length && intendedNanos(next) - now < MILLI) {
                dispatch(next++, now);
            }
            if (now >= nextTimeoutCheck) {
                failTimedOut(now);
                nextTimeoutCheck = now + TIMEOUT_CHECK_NANOS;
            }
            if (next == requests.length && now - end > TIMEOUT_NANOS + TIMEOUT_CHECK_NANOS) {
                break;
            }
            long wait = next < requests.length ? intendedNanos(next) - now : TIMEOUT_CHECK_NANOS;
            selector.select(Math.max(1, wait / MILLI));
            for (SelectionKey key : selector.selectedKeys()) {
                handle((Connection) key.attachment(), key);
            }
            selector.selectedKeys().clear();
        }
        return outcome();
    }

    private long answeredOrFailed() {
        return latencies.getTotalCount() + failed;
    }

    private Outcome outcome() {
        long answered = latencies.getTotalCount();
        long until = Math.max(lastAnswer, intendedNanos(requests.length));
        LoadResult load = new LoadResult(answered, Math.max(1, TimeUnit.NANOSECONDS.toMicros(until - start)),
                latencies.getValueAtPercentile(50), latencies.getValueAtPercentile(99),
                latencies.getValueAtPercentile(99.9), statuses, replayed, requests.length - answered);
        return new Outcome(load, opened, dispatchLateness.getValueAtPercentile(99));
    }

    private long intendedNanos(long index) {
        return start + Math.round(index * 1e9 / rate);
    }

    private void dispatch(int index, long now) throws IOException {
        dispatchLateness.recordValue(Math.max(0, TimeUnit.NANOSECONDS.toMicros(now - intendedNanos(index))));
        Connection connection = idle.poll();
        if (connection != null) {
            send(connection, index, now);
        } else if (connections.size() < MAX_CONNECTIONS) {
            openFor(index, now);
        } else {
            waiting.add(index);
        }
    }

    /** A new connection for request {@code index}, sent once connected; the connecting counts in its latency. */
    private void openFor(int index, long now) throws IOException {
        SocketChannel channel = SocketChannel.open();
        Connection connection = register(channel, SelectionKey.OP_CONNECT);
        connection.index = index;
        connection.measuredFrom = Math.min(intendedNanos(index), now);
        try {
            if (channel.connect(address)) {
                connected(connection);
            }
        } catch (IOException e) {
            fail(connection);
        }
    }

    private Connection register(SocketChannel channel, int interest) throws IOException {
        channel.configureBlocking(false);
        channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
        Connection connection = new Connection(channel, channel.register(selector, interest));
        connection.key.attach(connection);
        connections.add(connection);
        opened++;
        return connection;
    }

    private void connected(Connection connection) throws IOException {
        connection.key.interestOps(SelectionKey.OP_READ);
        int index = connection.index;
        connection.index = -1;
        send(connection, index, connection.measuredFrom);
    }

    /** Writes request {@code index}; its latency counts from its time, or from now if that is earlier. */
    private void send(Connection connection, int index, long now) throws IOException {
        connection.index = index;
        connection.measuredFrom = Math.min(intendedNanos(index), now);
        connection.out = ByteBuffer.wrap(requests[index]);
        connection.answer.reset();
        try {
            connection.channel.write(connection.out);
        } catch (IOException e) {
            fail(connection);
            return;
        }
        connection.key.interestOps(connection.out.hasRemaining() ? SelectionKey.OP_WRITE : SelectionKey.OP_READ);
    }

    private void handle(Connection connection, SelectionKey key) throws IOException {
        if (!key.isValid()) {
            return;
        }
        try {
            if (key.isConnectable()) {
                if (connection.channel.finishConnect()) {
                    connected(connection);
                }
            } else if (key.isWritable()) {
                connection.channel.write(connection.out);
                if (!connection.out.hasRemaining()) {
                    key.interestOps(SelectionKey.OP_READ);
                }
            } else if (key.isReadable()) {
                read(connection);
            }
        } catch (IOException e) {
            fail(connection);
        }
    }

    private void read(Connection connection) throws IOException {
        boolean open = connection.answer.readFrom(connection.channel);
        if (connection.index < 0) {
            // An idle connection that the server closed (or sent something unasked).
            close(connection);
            return;
        }
        if (connection.answer.isComplete(!open)) {
            long answeredAt = System.nanoTime();
            latencies.recordValue(TimeUnit.NANOSECONDS.toMicros(answeredAt - connection.measuredFrom));
            statuses.merge(connection.answer.status(), 1L, Long::sum);
            if (connection.answer.replayed()) {
                replayed++;
            }
            lastAnswer = Math.max(lastAnswer, answeredAt);
            connection.index = -1;
            if (!open || connection.answer.closes()) {
                close(connection);
            } else {
                free(connection, answeredAt);
            }
        } else if (!open) {
            throw new IOException("Closed before the answer's end");
        }
    }

    /** A connection is free again: the longest waiting request, if any, goes out on it. */
    private void free(Connection connection, long now) throws IOException {
        Integer waited = waiting.poll();
        if (waited != null) {
            send(connection, waited, now);
        } else {
            idle.add(connection);
        }
    }

    private void failTimedOut(long now) throws IOException {
        for (Connection connection : List.copyOf(connections)) {
            if (connection.index >= 0 && now - connection.measuredFrom > TIMEOUT_NANOS) {
                fail(connection);
            }
        }
    }

    /** The request in flight on {@code connection} gets no answer; a waiting one goes out on a new connection. */
    private void fail(Connection connection) throws IOException {
        if (connection.index >= 0) {
            failed++;
            connection.index = -1;
        }
        close(connection);
        Integer waited = waiting.poll();
        if (waited != null) {
            openFor(waited, System.nanoTime());
        }
    }

    private void close(Connection connection) {
        connections.remove(connection);
        idle.remove(connection);
        connection.key.cancel();
        try {
            connection.channel.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    private void closeAll() throws IOException {
        for (Connection connection : List.copyOf(connections)) {
            close(connection);
        }
        selector.close();
    }
}
