package io.idempo.benchmarks.e2e;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The few RESP commands the harness sends to the shared Redis: {@code INFO} for its counters and process id, and
 * {@code SCAN}/{@code DEL} of the run's own key prefix. Never anything server-wide ({@code FLUSHALL},
 * {@code CONFIG RESETSTAT}, {@code KEYS}): other programs use the same Redis.
 */
final class RedisConnection implements AutoCloseable {

    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;

    private RedisConnection(Socket socket) throws IOException {
        this.socket = socket;
        this.out = socket.getOutputStream();
        this.in = new BufferedInputStream(socket.getInputStream());
    }

    /** Connects to {@code redis://host:port}. */
    static RedisConnection open(String url) {
        URI uri = URI.create(url);
        Socket socket = new Socket();
        try {
            socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort() < 0 ? 6379 : uri.getPort()), 2_000);
            socket.setSoTimeout(10_000);
            return new RedisConnection(socket);
        } catch (IOException e) {
            throw new UncheckedIOException("Redis at " + url, e);
        }
    }

    /**
     * Calls per command since the server started ({@code INFO commandstats}). Redis counts the commands a Lua script
     * runs as well: one {@code EVAL} whose script calls GET and PTTL counts as three.
     */
    Map<String, Long> commandCalls() {
        Map<String, Long> calls = new LinkedHashMap<>();
        for (String line : info("commandstats").split("\r\n")) {
            if (line.startsWith("cmdstat_")) {
                String command = line.substring("cmdstat_".length(), line.indexOf(':'));
                String stats = line.substring(line.indexOf(':') + 1);
                for (String stat : stats.split(",")) {
                    if (stat.startsWith("calls=")) {
                        calls.put(command, Long.parseLong(stat.substring("calls=".length())));
                    }
                }
            }
        }
        return calls;
    }

    long processId() {
        return Long.parseLong(infoField("server", "process_id"));
    }

    String version() {
        return infoField("server", "redis_version");
    }

    /** Deletes the keys that start with {@code prefix}, which must be the run's own; returns how many. */
    int deleteKeys(String prefix) {
        if (prefix.length() < 8 || prefix.contains("*")) {
            throw new IllegalArgumentException("A literal prefix of the run's own: " + prefix);
        }
        int deleted = 0;
        String cursor = "0";
        do {
            List<?> reply = (List<?>) call("SCAN", cursor, "MATCH", prefix + "*", "COUNT", "1000");
            cursor = (String) reply.get(0);
            List<String> command = new ArrayList<>(List.of("DEL"));
            for (Object key : (List<?>) reply.get(1)) {
                command.add((String) key);
            }
            if (command.size() > 1) {
                deleted += ((Long) call(command.toArray(String[]::new))).intValue();
            }
        } while (!cursor.equals("0"));
        return deleted;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    private String infoField(String section, String field) {
        for (String line : info(section).split("\r\n")) {
            if (line.startsWith(field + ":")) {
                return line.substring(field.length() + 1).strip();
            }
        }
        throw new IllegalStateException("INFO " + section + " has no " + field);
    }

    private String info(String section) {
        return (String) call("INFO", section);
    }

    private Object call(String... parts) {
        try {
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
            return read();
        } catch (IOException e) {
            throw new UncheckedIOException("Redis " + parts[0], e);
        }
    }

    /** One RESP2 reply: a String, a Long, a List, or null. */
    private Object read() throws IOException {
        int type = in.read();
        String line = line();
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
                line();
                return new String(value, StandardCharsets.UTF_8);
            }
            case '*': {
                int count = Integer.parseInt(line);
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
