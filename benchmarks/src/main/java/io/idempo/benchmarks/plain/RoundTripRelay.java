package io.idempo.benchmarks.plain;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * A TCP relay on a local port in front of a server (the database, Redis) that counts the client's round trips: a
 * round trip begins whenever the client sends after the server has answered (or first). Requests the client
 * pipelines before an answer count as one, as they cost one wait. Used only to count, never while timing.
 */
final class RoundTripRelay implements AutoCloseable {

    private final ServerSocket listener;
    private final InetSocketAddress server;
    private final LongAdder roundTrips = new LongAdder();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    RoundTripRelay(String host, int port) throws IOException {
        server = new InetSocketAddress(host, port);
        listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "relay-" + port);
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** The local port the client connects to instead of the server's. */
    int port() {
        return listener.getLocalPort();
    }

    long roundTrips() {
        return roundTrips.sum();
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Socket upstream = new Socket();
                upstream.connect(server);
                client.setTcpNoDelay(true);
                upstream.setTcpNoDelay(true);
                sockets.add(client);
                sockets.add(upstream);
                // true while the client spoke last: its next bytes after an answer start a new round trip
                AtomicBoolean clientSpokeLast = new AtomicBoolean();
                pump(client, upstream, () -> {
                    if (!clientSpokeLast.getAndSet(true)) {
                        roundTrips.increment();
                    }
                });
                pump(upstream, client, () -> clientSpokeLast.set(false));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private static void pump(Socket from, Socket to, Runnable beforeForwarding) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[16_384];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int read; (read = in.read(buffer)) >= 0; ) {
                    beforeForwarding.run();
                    out.write(buffer, 0, read);
                    out.flush();
                }
            } catch (IOException e) {
                // one side closed: close both below
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        }, "relay-pump");
        thread.setDaemon(true);
        thread.start();
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        sockets.forEach(RoundTripRelay::closeQuietly);
    }
}
