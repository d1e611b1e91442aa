package io.idempo.runtime.claim;

import io.netty.util.concurrent.FastThreadLocal;
import io.netty.util.concurrent.FastThreadLocalThread;

/**
 * Redisson encodes a command on the caller's thread, and Netty keeps what it allocates there (its pooled-buffer
 * cache) in a thread-local map whose class comes from the application's class loader. On a server's pooled request
 * thread that map outlives the request and, after an undeploy, pins the whole old deployment (RedeployIT counts
 * them). So every Redis call clears it on the way out, and so must code that creates or shuts down a Redisson client
 * on such a thread (WildFly starts and stops a web application on its pooled "ServerService" threads). Netty's own
 * threads keep theirs: they end with the client.
 */
public final class NettyThreadLocals {

    private NettyThreadLocals() {
    }

    /** Removes Netty's thread-locals from the current thread unless Netty owns the thread. */
    public static void clearOnCallerThread() {
        if (!(Thread.currentThread() instanceof FastThreadLocalThread)) {
            FastThreadLocal.removeAll();
        }
    }
}
