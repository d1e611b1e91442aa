package io.idempo.runtime.spi;

/** A result could not be encoded for storage, or a stored one could not be decoded for replay. */
public final class ResponseCodecException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ResponseCodecException(String message, Throwable cause) {
        super(message, cause);
    }
}
