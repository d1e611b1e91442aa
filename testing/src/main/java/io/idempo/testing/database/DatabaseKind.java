package io.idempo.testing.database;

/** The database products the tests run on. */
public enum DatabaseKind {
    POSTGRESQL, MARIADB, H2
}
