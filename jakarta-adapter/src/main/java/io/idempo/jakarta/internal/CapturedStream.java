package io.idempo.jakarta.internal;

import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.function.Consumer;

/**
 * Passes a response body through unchanged and keeps a copy of it: when the body is complete (the stream is closed),
 * the copy goes to {@code whenWritten}, unless it grew beyond {@code limit} bytes, in which case nothing is kept.
 */
final class CapturedStream extends FilterOutputStream {

    private final int limit;
    private final Consumer<byte[]> whenWritten;
    private ByteArrayOutputStream copy = new ByteArrayOutputStream();
    private boolean closed;

    CapturedStream(OutputStream target, int limit, Consumer<byte[]> whenWritten) {
        super(target);
        this.limit = limit;
        this.whenWritten = whenWritten;
    }

    @Override
    public void write(int b) throws IOException {
        out.write(b);
        keep(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        out.write(bytes, offset, length);
        keep(bytes, offset, length);
    }

    @Override
    public void close() throws IOException {
        super.close();
        if (!closed) {
            closed = true;
            if (copy != null) {
                whenWritten.accept(copy.toByteArray());
            }
        }
    }

    private void keep(byte[] bytes, int offset, int length) {
        if (copy != null) {
            if (copy.size() + length > limit) {
                copy = null;
            } else {
                copy.write(bytes, offset, length);
            }
        }
    }
}
