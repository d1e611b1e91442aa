package io.idempo.testing.http;

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
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 over a plain socket, one request per connection ({@code Connection: close}), for requests that
 * java.net.http refuses to build: header values with raw non-ASCII bytes or control characters, empty values, or
 * the same header twice. Header values are bytes, sent exactly as given.
 */
public final class RawHttp {

    /** One header line: the name and the value's exact bytes. */
    public record Header(String name, byte[] value) {

        public static Header of(String name, String value) {
            return new Header(name, value.getBytes(StandardCharsets.UTF_8));
        }
    }

    private static final int TIMEOUT_MILLIS = 30_000;

    private RawHttp() {
    }

    /** Sends {@code method path} to {@code base} with {@code headers} and a UTF-8 {@code body} (null for none). */
    static ApiResponse send(URI base, String method, String path, List<Header> headers, String body) {
        byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream request = new ByteArrayOutputStream();
        writeAscii(request, method + " " + path + " HTTP/1.1\r\n");
        writeAscii(request, "Host: " + base.getHost() + ":" + base.getPort() + "\r\n");
        writeAscii(request, "Connection: close\r\n");
        for (Header header : headers) {
            writeAscii(request, header.name() + ": ");
            request.writeBytes(header.value());
            writeAscii(request, "\r\n");
        }
        if (body != null) {
            writeAscii(request, "Content-Length: " + content.length + "\r\n");
        }
        writeAscii(request, "\r\n");
        request.writeBytes(content);

        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5_000);
            socket.setSoTimeout(TIMEOUT_MILLIS);
            OutputStream out = socket.getOutputStream();
            out.write(request.toByteArray());
            out.flush();
            return parse("RAW " + method + " " + base.resolve(path), socket.getInputStream());
        } catch (IOException e) {
            throw new UncheckedIOException("Raw " + method + " " + path + " failed", e);
        }
    }

    private static ApiResponse parse(String description, InputStream in) throws IOException {
        String statusLine = readLine(in);
        if (statusLine == null) {
            throw new IOException("The server closed the connection without an answer");
        }
        String[] parts = statusLine.split(" ", 3);
        int status = Integer.parseInt(parts[1]);
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (String line = readLine(in); line != null && !line.isEmpty(); line = readLine(in)) {
            int colon = line.indexOf(':');
            headers.computeIfAbsent(line.substring(0, colon).trim(), name -> new ArrayList<>())
                    .add(line.substring(colon + 1).trim());
        }
        byte[] body;
        String encoding = first(headers, "Transfer-Encoding");
        String length = first(headers, "Content-Length");
        if (encoding != null && encoding.toLowerCase(Locale.ROOT).contains("chunked")) {
            ByteArrayOutputStream decoded = new ByteArrayOutputStream();
            for (int size = chunkSize(readLine(in)); size > 0; size = chunkSize(readLine(in))) {
                decoded.writeBytes(in.readNBytes(size));
                readLine(in); // the CRLF after the chunk
            }
            body = decoded.toByteArray();
        } else if (length != null) {
            body = in.readNBytes(Integer.parseInt(length));
        } else {
            body = in.readAllBytes();
        }
        return new ApiResponse(description, status, headers, body);
    }

    private static int chunkSize(String line) {
        if (line == null) {
            return 0;
        }
        int extension = line.indexOf(';');
        return Integer.parseInt((extension < 0 ? line : line.substring(0, extension)).trim(), 16);
    }

    private static String first(Map<String, List<String>> headers, String name) {
        return headers.entrySet().stream().filter(entry -> entry.getKey().equalsIgnoreCase(name))
                .map(entry -> entry.getValue().get(0)).findFirst().orElse(null);
    }

    /** A line up to CRLF (or LF), ISO-8859-1; null at the end of the stream. */
    private static String readLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != -1) {
            if (b == '\n') {
                byte[] bytes = line.toByteArray();
                int end = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
                return new String(bytes, 0, end, StandardCharsets.ISO_8859_1);
            }
            line.write(b);
        }
        return line.size() == 0 ? null : line.toString(StandardCharsets.ISO_8859_1);
    }

    private static void writeAscii(ByteArrayOutputStream out, String text) {
        out.writeBytes(text.getBytes(StandardCharsets.US_ASCII));
    }
}
