package io.idempo.benchmarks.plain;

import io.idempo.runtime.record.SqlDialect;

/** The local database servers the harness runs on, each at database {@code test}. */
enum Database {
    POSTGRESQL("PostgreSQL", SqlDialect.POSTGRESQL, "jdbc:postgresql://127.0.0.1:%d/test", 5432, "postgres"),
    MARIADB("MariaDB", SqlDialect.MARIADB, "jdbc:mariadb://127.0.0.1:%d/test", 3306, "root");

    final String title;
    final SqlDialect dialect;
    final int port;
    final String user;
    private final String urlPattern;

    Database(String title, SqlDialect dialect, String urlPattern, int port, String user) {
        this.title = title;
        this.dialect = dialect;
        this.urlPattern = urlPattern;
        this.port = port;
        this.user = user;
    }

    /** The JDBC URL of the server on {@code localPort}: its own, or a relay's in front of it. */
    String url(int localPort) {
        return String.format(urlPattern, localPort);
    }
}
