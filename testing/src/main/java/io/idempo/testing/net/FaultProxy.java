package io.idempo.testing.net;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP proxy on a free loopback port in front of a server (such as Redis), which a test turns slow, silent or
 * hostile while the app is talking through it: toxiproxy's three useful faults in a few dozen lines (toxiproxy is
 * not packaged for this machine, and there is no Docker).
 */
public final class FaultProxy implements AutoCloseable {

    /** What the proxy does to the traffic. */
    public enum Mode {
        /** Forwards both ways. */
        PASS,
        /** Forwards, each chunk {@link #delayMillis} late: a slow or distant server. */
        DELAY,
        /** Accepts and reads but forwards nothing, either way: a hung server, or packets dropped on the way. */
        BLACKHOLE,
        /** Resets every connection, open and new (RST, not FIN): a crashed peer, or a firewall. */
        RESET
    }

    private final int targetPort;
    private final ServerSocket listener;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private volatile Mode mode = Mode.PASS;
    private volatile long delayMillis;

    private FaultProxy(int targetPort, ServerSocket listener) {
        this.targetPort = targetPort;
        this.listener = listener;
        Thread acceptor = new Thread(this::acceptLoop, "fault-proxy-" + port());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** A proxy on a free loopback port to {@code 127.0.0.1:targetPort}, passing traffic until told otherwise. */
    public static FaultProxy to(int targetPort) {
        try {
            return new FaultProxy(targetPort, new ServerSocket(0, 128, InetAddress.getLoopbackAddress()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public int port() {
        return listener.getLocalPort();
    }

    public void pass() {
        mode = Mode.PASS;
    }

    public void delay(long millis) {
        delayMillis = millis;
        mode = Mode.DELAY;
    }

    public void blackhole() {
        mode = Mode.BLACKHOLE;
    }

    /** Resets every open connection now, and every new one until the mode changes. */
    public void reset() {
        mode = Mode.RESET;
        sockets.forEach(this::abort);
    }

    @Override
    public void close() throws IOException {
        listener.close();
        sockets.forEach(this::abort);
    }

    private void acceptLoop() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                if (mode == Mode.RESET) {
                    abort(client);
                    continue;
                }
                Socket server = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                client.setTcpNoDelay(true);
                server.setTcpNoDelay(true);
                sockets.add(client);
                sockets.add(server);
                pump(client, server);
                pump(server, client);
            } catch (IOException e) {
                // the listener closed, or the target refused: the client sees its connection closed
            }
        }
    }

    private void pump(Socket from, Socket to) {
        Thread pump = new Thread(() -> {
            byte[] buffer = new byte[16 * 1024];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                    Mode now = mode;
                    if (now == Mode.BLACKHOLE) {
                        continue;
                    }
                    if (now == Mode.DELAY) {
                        Thread.sleep(delayMillis);
                    }
                    out.write(buffer, 0, read);
                    out.flush();
                }
            } catch (IOException | InterruptedException e) {
                // one side went away: take the other one down too
            } finally {
                abort(from);
                abort(to);
            }
        }, "fault-proxy-pump");
        pump.setDaemon(true);
        pump.start();
    }

    /** Closes with SO_LINGER 0, so the peer gets a reset instead of an orderly close. */
    private void abort(Socket socket) {
        sockets.remove(socket);
        try {
            socket.setSoLinger(true, 0);
        } catch (SocketException e) {
            // already closed
        }
        try {
            socket.close();
        } catch (IOException e) {
            // already closed
        }
    }
}
