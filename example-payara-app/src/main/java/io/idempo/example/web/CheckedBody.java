package io.idempo.example.web;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;

/**
 * A request body as the reader consumes it, counted against the limit and, for JSON, checked on the way: UTF-8
 * ({@link Utf8Check}) and, where an object is bound, one object ({@link JsonObjectCheck}). Nothing is buffered or
 * read twice. On the first violation it fails the read and remembers why ({@link #rejection()}), since the JSON
 * provider wraps the read failure in exceptions of its own.
 */
final class CheckedBody extends FilterInputStream {

    /** What the bytes must be, besides few enough. */
    enum Content {
        /** Anything: only counted. */
        BYTES,
        /** JSON: UTF-8. */
        JSON,
        /** JSON bound to an object type: UTF-8, and one object. */
        JSON_OBJECT
    }

    private final long maxBytes;
    private final Utf8Check utf8;
    private final JsonObjectCheck oneObject;
    private long count;
    private RejectedBodyException rejection;

    CheckedBody(InputStream body, long maxBytes, Content content) {
        super(body);
        this.maxBytes = maxBytes;
        this.utf8 = content == Content.BYTES ? null : new Utf8Check();
        this.oneObject = content == Content.JSON_OBJECT ? new JsonObjectCheck() : null;
    }

    /** Why the body was refused, once a read failed on it. */
    Optional<RejectedBodyException> rejection() {
        return Optional.ofNullable(rejection);
    }

    /** Reads what the reader left (such as whitespace after the JSON value) through the same checks. */
    void readToEnd() throws IOException {
        byte[] buffer = new byte[8192];
        while (read(buffer, 0, buffer.length) >= 0) {
            // counted and checked by read
        }
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b < 0) {
            atEnd();
        } else {
            check(b);
            counted(1);
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int n = super.read(buffer, offset, length);
        if (n < 0) {
            atEnd();
            return n;
        }
        for (int i = offset; i < offset + n; i++) {
            check(buffer[i] & 0xFF);
        }
        counted(n);
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        byte[] skipped = new byte[(int) Math.min(n, 8192)];
        return Math.max(0, read(skipped, 0, skipped.length));
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    private void counted(int n) throws IOException {
        count += n;
        if (count > maxBytes) {
            throw refused(RejectedBodyException.tooLarge(maxBytes));
        }
    }

    private void check(int b) throws IOException {
        if (utf8 != null && !utf8.accept(b)) {
            throw refused(notUtf8());
        }
        if (oneObject != null && !oneObject.accept(b)) {
            throw refused(RejectedBodyException.malformed(oneObject.refusal()));
        }
    }

    private void atEnd() throws IOException {
        if (utf8 != null && !utf8.complete()) {
            throw refused(notUtf8());
        }
    }

    private IOException refused(RejectedBodyException why) {
        if (rejection == null) {
            rejection = why;
        }
        return new IOException(rejection.getMessage());
    }

    private static RejectedBodyException notUtf8() {
        return RejectedBodyException.malformed("The body is not well-formed UTF-8, which JSON requires (RFC 8259):"
                + " send the text encoded as UTF-8");
    }
}
