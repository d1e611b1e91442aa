package io.idempo.example.e2e;

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
 * Looks at the shared Redis behind the app's back with a few RESP commands over a socket ({@code SCAN},
 * {@code DEL}): only keys under a prefix of the test's own. Never anything server-wide (no {@code FLUSHALL},
 * no {@code KEYS}).
 */
final class RedisKeys {

    private final String host;
    private final int port;

    private RedisKeys(String host, int port) {
        this.host = host;
        this.port = port;
    }

    /** For {@code redis://host:port}. */
    static RedisKeys at(String url) {
        URI uri = URI.create(url);
        return new RedisKeys(uri.getHost(), uri.getPort() < 0 ? 6379 : uri.getPort());
    }

    /** The keys that start with {@code prefix}. */
    List<String> keys(String prefix) {
        if (prefix.isEmpty() || prefix.contains("*")) {
            throw new IllegalArgumentException("A literal, non-empty prefix: " + prefix);
        }
        try (Socket socket = connect()) {
            OutputStream out = socket.getOutputStream();
            InputStream in = new BufferedInputStream(socket.getInputStream());
            List<String> keys = new ArrayList<>();
            String cursor = "0";
            do {
                command(out, "SCAN", cursor, "MATCH", prefix + "*", "COUNT", "1000");
                List<?> reply = (List<?>) read(in);
                cursor = (String) reply.get(0);
                for (Object key : (List<?>) reply.get(1)) {
                    keys.add((String) key);
                }
            } while (!cursor.equals("0"));
            return keys;
        } catch (IOException e) {
            throw new UncheckedIOException("Redis at " + host + ":" + port, e);
        }
    }

    /** How many keys start with {@code prefix}. */
    long count(String prefix) {
        return keys(prefix).size();
    }

    /** Deletes the keys that start with {@code prefix} (a prefix of the test's own). */
    void deleteAll(String prefix) {
        List<String> keys = keys(prefix);
        if (keys.isEmpty()) {
            return;
        }
        try (Socket socket = connect()) {
            OutputStream out = socket.getOutputStream();
            InputStream in = new BufferedInputStream(socket.getInputStream());
            for (String key : keys) {
                command(out, "DEL", key);
                read(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Redis at " + host + ":" + port, e);
        }
    }

    private Socket connect() throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress(host, port), 2_000);
        socket.setSoTimeout(5_000);
        return socket;
    }

    private static void command(OutputStream out, String... parts) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes(("*" + parts.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
        for (String part : parts) {
            byte[] value = part.getBytes(StandardCharsets.UTF_8);
            bytes.writeBytes(("$" + value.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
            bytes.writeBytes(value);
            bytes.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        out.write(bytes.toByteArray());
        out.flush();
    }

    /** One RESP2 reply: a String, a Long, a List, or null. */
    private static Object read(InputStream in) throws IOException {
        int type = in.read();
        String line = line(in);
        switch (type) {
            case '+':
                return line;
            case '-':
                throw new IOException("Redis error: " + line);
            case ':':
                return Long.parseLong(line);
            case '$': {
                int length = Integer.parseInt(line);
                if (length < 0) {
                    return null;
                }
                byte[] value = in.readNBytes(length);
                line(in);
                return new String(value, StandardCharsets.UTF_8);
            }
            case '*': {
                int count = Integer.parseInt(line);
                List<Object> items = new ArrayList<>();
                for (int i = 0; i < count; i++) {
                    items.add(read(in));
                }
                return items;
            }
            default:
                throw new IOException("Unexpected RESP type " + (char) type + line);
        }
    }

    private static String line(InputStream in) throws IOException {
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
