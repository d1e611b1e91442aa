package io.idempo.testing.net;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/** Free ports on the loopback address, for servers of the test's own and for addresses where nothing listens. */
public final class LoopbackPorts {

    private LoopbackPorts() {
    }

    /** A port that nothing listens on (free when this returns): for a server to start, or for a server "down". */
    public static int free() {
        return free(1).get(0);
    }

    /** {@code count} different free ports, held open together while they are chosen so that none repeats. */
    public static List<Integer> free(int count) {
        List<ServerSocket> held = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                ServerSocket socket = new ServerSocket();
                held.add(socket);
                socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            }
            return held.stream().map(ServerSocket::getLocalPort).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("no " + count + " free loopback ports", e);
        } finally {
            for (ServerSocket socket : held) {
                try {
                    socket.close();
                } catch (IOException ignored) {
                    // closing a socket that only reserved a port number
                }
            }
        }
    }

    /** Whether nothing listens on {@code port} of the loopback address now. */
    public static boolean isFree(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Whether a server accepts connections on {@code port} of the loopback address (200 ms to connect). */
    public static boolean accepts(int port) {
        try (java.net.Socket socket = new java.net.Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
            return true;
        } catch (IOException notYet) {
            return false;
        }
    }
}
