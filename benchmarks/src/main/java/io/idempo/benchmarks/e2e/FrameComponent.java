package io.idempo.benchmarks.e2e;

import java.util.List;

/**
 * What a stack frame belongs to, by the package of its class: idempo, the example app, the libraries and the
 * server's parts. The first component whose prefix matches wins, so the narrower ones come first.
 */
enum FrameComponent {

    EXAMPLE("example app (io.idempo.example)", "io.idempo.example."),
    IDEMPO("idempo (io.idempo)", "io.idempo."),
    JERSEY("Jersey (JAX-RS)", "org.glassfish.jersey."),
    GRIZZLY("Grizzly (HTTP)", "org.glassfish.grizzly."),
    WEB_CONTAINER("web container (Catalina)", "org.apache.catalina.", "org.apache.coyote.", "org.apache.tomcat.",
            "com.sun.enterprise.web.", "org.glassfish.web."),
    JSON("JSON-B / JSON-P (Yasson, Parsson), Jackson", "org.eclipse.yasson.", "org.eclipse.parsson.",
            "org.glassfish.json.", "jakarta.json.", "com.fasterxml.jackson."),
    JDBC_DRIVER("PostgreSQL JDBC driver", "org.postgresql."),
    JEDIS("Jedis (Redis client)", "redis.clients.", "org.apache.commons.pool2."),
    POOL("connection pool (Payara's JDBC pool)", "com.sun.gjc.", "com.sun.enterprise.resource.",
            "org.glassfish.resourcebase.", "com.sun.appserv.connectors.", "com.sun.enterprise.connectors.",
            "com.zaxxer.hikari."),
    JPA("EclipseLink (JPA)", "org.eclipse.persistence."),
    CDI("Weld (CDI, interceptors)", "org.jboss.weld."),
    TRANSACTIONS("transactions (JTA)", "com.sun.enterprise.transaction.", "com.sun.jts.",
            "fish.payara.transaction."),
    SECURITY("security (Soteria, Exousia, realms)", "org.glassfish.soteria.", "org.glassfish.exousia.",
            "com.sun.enterprise.security.", "com.sun.web.security.", "org.glassfish.security."),
    METRICS("metrics and tracing (OpenTelemetry, MicroProfile)", "io.opentelemetry.",
            "fish.payara.microprofile.", "fish.payara.opentracing.", "fish.payara.requesttracing."),
    LOGGING("logging", "java.util.logging.", "com.sun.enterprise.server.logging.", "fish.payara.logging.",
            "fish.payara.enterprise.server.logging."),
    /** Not all of java.security: AccessController.doPrivileged wraps class loading. */
    CRYPTO("JDK crypto (SHA-256, SecureRandom)", "sun.security.provider.", "javax.crypto.", "com.sun.crypto.",
            "java.security.MessageDigest", "java.security.SecureRandom"),
    SERVER_OTHER("Payara / GlassFish / HK2, other", "org.glassfish.", "com.sun.enterprise.", "fish.payara.",
            "com.sun.ejb.", "org.jvnet.hk2.", "com.sun.web.", "com.sun.appserv.", "com.sun.naming."),
    JDK("JDK, other", "java.", "javax.", "jdk.", "sun.", "com.sun."),
    OTHER("other");

    final String label;
    private final List<String> prefixes;

    FrameComponent(String label, String... prefixes) {
        this.label = label;
        this.prefixes = List.of(prefixes);
    }

    /** The component of a class, by its fully qualified name. */
    static FrameComponent of(String className) {
        for (FrameComponent component : values()) {
            for (String prefix : component.prefixes) {
                if (className.startsWith(prefix)) {
                    return component;
                }
            }
        }
        return OTHER;
    }
}
