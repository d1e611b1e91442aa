package io.idempo.benchmarks.e2e;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * {@code size} requests with the same key released together: every connection is open and every request written
 * into memory before a latch lets all threads send at once, so they reach the server within a millisecond or two
 * rather than one connection set-up apart. Raw HTTP/1.1 ({@code Connection: close}) keeps the client out of the
 * way; latencies go into an HdrHistogram.
 */
final class SameKeyBurst {

    private static final long TIMEOUT_SECONDS = 120;

    private SameKeyBurst() {
    }

    static LoadResult run(URI base, String path, String key, String body, int size) throws InterruptedException {
        byte[] request = (LoadRequests.head(base, path) + "Idempotency-Key: " + key + "\r\nContent-Length: "
                + body.getBytes(StandardCharsets.UTF_8).length + "\r\nConnection: close\r\n\r\n" + body)
                .getBytes(StandardCharsets.UTF_8);
        Histogram latencies = new Histogram(TimeUnit.SECONDS.toMicros(TIMEOUT_SECONDS), 3);
        Map<Integer, Long> statuses = new TreeMap<>();
        AtomicLong socketErrors = new AtomicLong();
        AtomicLong replayed = new AtomicLong();
        AtomicLong lastAnswer = new AtomicLong();
        CountDownLatch connected = new CountDownLatch(size);
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> senders = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            Thread sender = new Thread(() -> {
                boolean ready = false;
                try (Socket socket = new Socket()) {
                    socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 10_000);
                    socket.setSoTimeout((int) TimeUnit.SECONDS.toMillis(TIMEOUT_SECONDS));
                    ready = true;
                    connected.countDown();
                    go.await();
                    long sent = System.nanoTime();
                    OutputStream out = socket.getOutputStream();
                    out.write(request);
                    out.flush();
                    String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
                    long answered = System.nanoTime();
                    int status = status(answer);
                    if (answer.contains("\r\nIdempotent-Replayed: true\r\n")) {
                        replayed.incrementAndGet();
                    }
                    lastAnswer.accumulateAndGet(answered, Math::max);
                    synchronized (latencies) {
                        latencies.recordValue(TimeUnit.NANOSECONDS.toMicros(answered - sent));
                        statuses.merge(status, 1L, Long::sum);
                    }
                } catch (IOException e) {
                    socketErrors.incrementAndGet();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    if (!ready) {
                        connected.countDown();
                    }
                }
            }, "burst-" + i);
            senders.add(sender);
            sender.start();
        }
        connected.await(60, TimeUnit.SECONDS);
        long released = System.nanoTime();
        go.countDown();
        for (Thread sender : senders) {
            sender.join();
        }
        long answered = latencies.getTotalCount();
        long duration = Math.max(1, TimeUnit.NANOSECONDS.toMicros(Math.max(lastAnswer.get(), released) - released));
        return new LoadResult(answered, duration, latencies.getValueAtPercentile(50),
                latencies.getValueAtPercentile(99), latencies.getValueAtPercentile(99.9), statuses, replayed.get(),
                socketErrors.get());
    }

    /** The status of a whole answer (the server closed the connection after it). */
    private static int status(String answer) throws IOException {
        if (!answer.startsWith("HTTP/1.1 ")) {
            throw new IOException("Not an HTTP answer: " + answer.lines().findFirst().orElse(""));
        }
        return Integer.parseInt(answer.substring(9, 12));
    }
}
