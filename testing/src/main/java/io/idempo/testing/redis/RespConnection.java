package io.idempo.testing.redis;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A few RESP2 commands over a plain socket, for tests that look at Redis behind the application's back: no client
 * library, so that what the tests see cannot depend on the client under test. Replies are a {@code String}, a
 * {@code Long}, a {@code List}, {@code null}, or an {@link ErrorReply}.
 */
public final class RespConnection implements AutoCloseable {

    /** An error reply ({@code -ERR ...}), returned rather than thrown: some tests expect one. */
    public record ErrorReply(String message) {
    }

    private final String address;
    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;

    private RespConnection(String address, Socket socket) throws IOException {
        this.address = address;
        this.socket = socket;
        this.out = socket.getOutputStream();
        this.in = new BufferedInputStream(socket.getInputStream());
    }

    /** Connects to Redis at {@code host:port} (2 s to connect, 10 s per reply). */
    public static RespConnection open(String host, int port) {
        Socket socket = new Socket();
        try {
            socket.connect(new InetSocketAddress(host, port), 2_000);
            socket.setSoTimeout(10_000);
            return new RespConnection(host + ":" + port, socket);
        } catch (IOException e) {
            try {
                socket.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw new UncheckedIOException("Redis at " + host + ":" + port, e);
        }
    }

    /** Connects to Redis at {@code redis://host:port} (port 6379 if none). */
    public static RespConnection open(String url) {
        URI uri = URI.create(url);
        return open(uri.getHost(), uri.getPort() < 0 ? 6379 : uri.getPort());
    }

    /** One command on a connection of its own. */
    public static Object call(String host, int port, String... command) {
        try (RespConnection connection = open(host, port)) {
            return connection.call(command);
        }
    }

    /** Sends {@code command} and reads its reply. */
    public Object call(String... command) {
        try {
            out.write(encode(command));
            out.flush();
            return read();
        } catch (IOException e) {
            throw new UncheckedIOException("Redis at " + address + ": " + String.join(" ", command), e);
        }
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] encode(String... command) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes(("*" + command.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
        for (String part : command) {
            byte[] value = part.getBytes(StandardCharsets.UTF_8);
            bytes.writeBytes(("$" + value.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
            bytes.writeBytes(value);
            bytes.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        return bytes.toByteArray();
    }

    private Object read() throws IOException {
        int type = in.read();
        String line = line();
        switch (type) {
            case '+':
                return line;
            case '-':
                return new ErrorReply(line);
            case ':':
                return Long.parseLong(line);
            case '$': {
                int length = Integer.parseInt(line);
                if (length < 0) {
                    return null;
                }
                byte[] value = in.readNBytes(length);
                line();
                return new String(value, StandardCharsets.UTF_8);
            }
            case '*': {
                int count = Integer.parseInt(line);
                if (count < 0) {
                    return null;
                }
                List<Object> items = new ArrayList<>();
                for (int i = 0; i < count; i++) {
                    items.add(read());
                }
                return items;
            }
            default:
                throw new IOException("Unexpected RESP type " + (char) type + line);
        }
    }

    private String line() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b == -1) {
                throw new IOException("Redis closed the connection");
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.UTF_8);
    }
}
