package io.idempo.jakarta.internal;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A request body counted as the reader consumes it: the first byte beyond the limit fails the read. Readers wrap
 * read failures in exceptions of their own, so the stream also remembers that it failed ({@link #exceeded()}) for
 * {@link BodySizeLimit} to answer 413 whatever the reader made of it. Nothing is buffered.
 */
final class CountedBody extends FilterInputStream {

    private final StrictBodies limit;
    private long count;
    private boolean exceeded;

    CountedBody(InputStream body, StrictBodies limit) {
        super(body);
        this.limit = limit;
    }

    /** Whether a read went beyond the limit. */
    boolean exceeded() {
        return exceeded;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            counted(1);
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int n = super.read(buffer, offset, length);
        if (n > 0) {
            counted(n);
        }
        return n;
    }

    /** Skipped bytes are read, so that they are counted too. */
    @Override
    public long skip(long n) throws IOException {
        byte[] skipped = new byte[(int) Math.min(Math.max(n, 0), 8192)];
        return Math.max(0, read(skipped, 0, skipped.length));
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    private void counted(int n) throws IOException {
        count += n;
        if (limit.tooLarge(count)) {
            exceeded = true;
            throw new IOException("The request body is larger than " + limit.maxBytes() + " bytes");
        }
    }
}
