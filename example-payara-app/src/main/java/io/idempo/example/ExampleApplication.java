package io.idempo.example;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The REST API, under {@code /api}; resources and providers are discovered by scanning. */
@ApplicationPath("api")
public class ExampleApplication extends Application {
}
