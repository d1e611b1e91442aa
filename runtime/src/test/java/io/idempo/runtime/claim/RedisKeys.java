package io.idempo.runtime.claim;

import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/** Deletes a test's keys from a shared Redis. */
public final class RedisKeys {

    private RedisKeys() {
    }

    /** Deletes every key matching {@code pattern} (such as {@code "idempo-test-1:*"}), page by page. */
    public static void deleteByPattern(UnifiedJedis jedis, String pattern) {
        String cursor = ScanParams.SCAN_POINTER_START;
        ScanResult<String> page;
        do {
            page = jedis.scan(cursor, new ScanParams().match(pattern).count(1_000));
            page.getResult().forEach(jedis::del);
            cursor = page.getCursor();
        } while (!page.isCompleteIteration());
    }
}
