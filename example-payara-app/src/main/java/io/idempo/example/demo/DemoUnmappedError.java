package io.idempo.example.demo;

/**
 * What {@code POST /api/demo/unmapped-failure} throws: an {@link Error}, which the example's mappers leave to the
 * container (they answer exceptions), so the JAX-RS response filters do not run for that request.
 */
public class DemoUnmappedError extends Error {

    private static final long serialVersionUID = 1L;

    public DemoUnmappedError(String message) {
        super(message);
    }
}
