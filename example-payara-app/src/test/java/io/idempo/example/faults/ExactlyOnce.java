package io.idempo.example.faults;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.testing.database.TestSchema;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The fault suite's verdict on an {@link OrderTraffic}, from the business table and the record table once the
 * traffic is over, per key:
 * <ul>
 *   <li>every acknowledged key (a 2xx) was executed exactly once: one row in {@code shop_orders};</li>
 *   <li>no key was executed twice, acknowledged or not;</li>
 *   <li>every 2xx answer of a key is the same body, byte for byte (the first answer or its replay);</li>
 *   <li>every key was acknowledged in the end (the careful client's retries always get through);</li>
 *   <li>no idempotency record is left in progress.</li>
 * </ul>
 */
public final class ExactlyOnce {

    private ExactlyOnce() {
    }

    /** Asserts the above, with a report of every violation and the traffic's status counts. */
    public static void verify(OrderTraffic traffic, TestSchema database) throws SQLException {
        Map<Long, Integer> executions = ShopTables.ordersPerProduct(database, traffic.firstProduct(),
                traffic.productCount());
        List<String> violations = new ArrayList<>();
        traffic.history().byKey().forEach((key, attempts) -> {
            int executed = executions.getOrDefault(traffic.product(key), 0);
            boolean acknowledged = attempts.stream().anyMatch(Attempt::succeeded);
            long bodies = attempts.stream().map(Attempt::bodyHash).filter(Objects::nonNull).distinct().count();
            if (executed > 1) {
                violations.add(key + " executed " + executed + " times");
            }
            if (acknowledged && executed != 1) {
                violations.add(key + " acknowledged but executed " + executed + " times");
            }
            if (!acknowledged) {
                violations.add(key + " never acknowledged: " + attempts);
            }
            if (bodies > 1) {
                violations.add(key + " answered with " + bodies + " different 2xx bodies");
            }
        });
        long inProgress = ShopTables.recordsInProgress(database);
        if (inProgress > 0) {
            violations.add(inProgress + " idempotency records left IN_PROGRESS");
        }
        String report = traffic.history().byKey().size() + " keys, statuses " + traffic.history().statusCounts()
                + ", slowest answer " + traffic.history().slowestMillis() + " ms";
        System.out.println("[faults] " + report);
        assertTrue(violations.isEmpty(), report + "; violations:\n" + String.join("\n",
                violations.subList(0, Math.min(50, violations.size()))));
    }
}
