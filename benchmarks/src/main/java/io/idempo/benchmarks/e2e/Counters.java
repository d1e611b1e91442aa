package io.idempo.benchmarks.e2e;

import io.idempo.testing.CounterSnapshots;
import io.idempo.testing.redis.RedisInfo;
import io.idempo.testing.redis.RespConnection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Snapshots of every counter a round is measured by, taken before and after it: CPU time of the server processes
 * (Payara's JVM, redis-server, the database server), of the load generator and of this harness, the machine's busy
 * time (the rest of it is other programs), Redis calls per command and the database's counters.
 */
final class Counters {

    private final long payaraPid;
    private final long redisPid;
    private final DatabaseCounters database;
    private final RespConnection redis;

    Counters(long payaraPid, long redisPid, DatabaseCounters database, RespConnection redis) {
        this.payaraPid = payaraPid;
        this.redisPid = redisPid;
        this.database = database;
        this.redis = redis;
    }

    /**
     * @param databaseMicros per server process, so that processes that come and go (PostgreSQL backends) count
     *                       from their start
     */
    record Snapshot(long nanos, long payaraMicros, long redisMicros, Map<Long, Long> databaseMicros,
                    long loaderMicros, long harnessMicros, long machineMicros, Map<String, Long> redisCalls,
                    Map<String, Long> sql) {
    }

    /** What happened between two snapshots. */
    record Delta(double seconds, Map<String, Long> cpuMicros, Map<String, Long> redisCalls, Map<String, Long> sql) {

        long serverCpuMicros() {
            return cpuMicros.get("payara") + cpuMicros.get("redis") + cpuMicros.get("database");
        }

        long redisCallsTotal() {
            return redisCalls.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    Snapshot take() throws SQLException {
        Map<Long, Long> databaseMicros = new HashMap<>();
        for (long pid : database.serverPids()) {
            ProcessCpu.micros(pid).ifPresent(micros -> databaseMicros.put(pid, micros));
        }
        return new Snapshot(System.nanoTime(), ProcessCpu.micros(payaraPid).orElseThrow(),
                ProcessCpu.micros(redisPid).orElse(0), databaseMicros, ProcessCpu.reapedChildrenMicros(),
                ProcessCpu.selfMicros(), ProcessCpu.machineBusyMicros(), RedisInfo.commandCalls(redis),
                database.counters());
    }

    static Delta between(Snapshot before, Snapshot after) {
        long database = 0;
        for (Map.Entry<Long, Long> process : after.databaseMicros().entrySet()) {
            database += process.getValue() - before.databaseMicros().getOrDefault(process.getKey(), 0L);
        }
        Map<String, Long> cpu = new LinkedHashMap<>();
        cpu.put("payara", after.payaraMicros() - before.payaraMicros());
        cpu.put("redis", after.redisMicros() - before.redisMicros());
        cpu.put("database", database);
        cpu.put("loader", after.loaderMicros() - before.loaderMicros());
        cpu.put("harness", after.harnessMicros() - before.harnessMicros());
        long ours = cpu.values().stream().mapToLong(Long::longValue).sum();
        cpu.put("other", Math.max(0, after.machineMicros() - before.machineMicros() - ours));
        // RedisInfo leaves out the harness's own INFO commandstats.
        return new Delta((after.nanos() - before.nanos()) / 1e9, cpu,
                CounterSnapshots.delta(before.redisCalls(), after.redisCalls()),
                CounterSnapshots.delta(before.sql(), after.sql()));
    }
}
