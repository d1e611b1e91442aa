package io.idempo.runtime.engine;

/** Which claim store sits in front of the database. */
enum ClaimMode {
    /** The embedded default. */
    IN_MEMORY,
    /** Redis through Jedis: the shared one at 127.0.0.1:6379, unless the harness's options name another. */
    REDIS,
    /** Redis configured but unreachable (a closed port): every call degrades to the database alone. */
    REDIS_DOWN
}
