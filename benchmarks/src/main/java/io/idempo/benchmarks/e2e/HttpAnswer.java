package io.idempo.benchmarks.e2e;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;

/**
 * One HTTP/1.1 answer as it arrives on a non-blocking channel: the bytes so far, and once its head is in, its status,
 * the headers the load generator needs (Content-Length, chunked, Connection: close, Idempotent-Replayed) and whether
 * its body is complete. Reused for the next answer on the same connection after {@link #reset}.
 */
final class HttpAnswer {

    private ByteBuffer buffer = ByteBuffer.allocate(4096);
    private int headEnd = -1;
    private int status;
    private long contentLength;
    private boolean chunked;
    private boolean closes;
    private boolean replayed;

    void reset() {
        buffer.clear();
        headEnd = -1;
    }

    /** Reads what {@code channel} has now; false once the server has closed it. */
    boolean readFrom(SocketChannel channel) throws IOException {
        if (channel.read(buffer) < 0) {
            return false;
        }
        while (!buffer.hasRemaining()) {
            ByteBuffer larger = ByteBuffer.allocate(buffer.capacity() * 2);
            buffer.flip();
            larger.put(buffer);
            buffer = larger;
            int read = channel.read(buffer);
            if (read < 0) {
                return false;
            }
            if (read == 0) {
                break;
            }
        }
        return true;
    }

    /** Whether the whole answer is in; {@code closed}: the server closed the connection after what was read. */
    boolean isComplete(boolean closed) throws IOException {
        if (headEnd < 0 && !parseHead()) {
            return false;
        }
        if (chunked) {
            return chunksComplete();
        }
        if (contentLength >= 0) {
            return buffer.position() - headEnd >= contentLength;
        }
        return status == 204 || status == 304 || closed;
    }

    int status() {
        return status;
    }

    boolean replayed() {
        return replayed;
    }

    /** The server said it closes the connection after this answer. */
    boolean closes() {
        return closes;
    }

    private boolean parseHead() throws IOException {
        int end = indexOf(0, "\r\n\r\n");
        if (end < 0) {
            return false;
        }
        headEnd = end + 4;
        String[] lines = new String(buffer.array(), 0, end, StandardCharsets.ISO_8859_1).split("\r\n");
        if (!lines[0].startsWith("HTTP/1.1 ") || lines[0].length() < 12) {
            throw new IOException("Not an HTTP/1.1 answer: " + lines[0]);
        }
        status = Integer.parseInt(lines[0].substring(9, 12));
        contentLength = -1;
        chunked = false;
        closes = false;
        replayed = false;
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon < 0) {
                continue;
            }
            String name = lines[i].substring(0, colon).strip();
            String value = lines[i].substring(colon + 1).strip();
            if (name.equalsIgnoreCase("Content-Length")) {
                contentLength = Long.parseLong(value);
            } else if (name.equalsIgnoreCase("Transfer-Encoding")) {
                chunked = value.equalsIgnoreCase("chunked");
            } else if (name.equalsIgnoreCase("Connection")) {
                closes = value.equalsIgnoreCase("close");
            } else if (name.equalsIgnoreCase("Idempotent-Replayed")) {
                replayed = value.equalsIgnoreCase("true");
            }
        }
        return true;
    }

    /** Walks the chunks read so far: complete after the last (size 0) chunk and the empty line after it. */
    private boolean chunksComplete() {
        int position = headEnd;
        while (true) {
            int lineEnd = indexOf(position, "\r\n");
            if (lineEnd < 0) {
                return false;
            }
            String sizeLine = new String(buffer.array(), position, lineEnd - position, StandardCharsets.ISO_8859_1);
            int extension = sizeLine.indexOf(';');
            long size = Long.parseLong((extension < 0 ? sizeLine : sizeLine.substring(0, extension)).strip(), 16);
            if (size == 0) {
                // Trailers, if any, up to the empty line.
                return indexOf(lineEnd, "\r\n\r\n") >= 0;
            }
            position = Math.toIntExact(lineEnd + 2 + size + 2);
            if (position > buffer.position()) {
                return false;
            }
        }
    }

    private int indexOf(int from, String text) {
        byte[] bytes = buffer.array();
        int limit = buffer.position() - text.length();
        for (int i = from; i <= limit; i++) {
            int matched = 0;
            while (matched < text.length() && bytes[i + matched] == text.charAt(matched)) {
                matched++;
            }
            if (matched == text.length()) {
                return i;
            }
        }
        return -1;
    }
}
