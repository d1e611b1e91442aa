package io.idempo.messaging.testing;

/** Which claim store sits in front of the database. */
public enum ClaimMode {
    /** The embedded default. */
    IN_MEMORY,
    /** The shared Redis at 127.0.0.1:6379, under a key prefix of the test's own. */
    REDIS
}
