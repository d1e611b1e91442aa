package io.idempo.benchmarks.e2e;

import jdk.jfr.consumer.RecordedThread;

/** Payara's HTTP worker threads ({@code http-thread-pool::http-listener(n)}), which run the requests. */
final class HttpWorkers {

    private HttpWorkers() {
    }

    static boolean isWorker(RecordedThread thread) {
        return thread != null && thread.getJavaName() != null && thread.getJavaName().startsWith("http-thread-pool");
    }
}
