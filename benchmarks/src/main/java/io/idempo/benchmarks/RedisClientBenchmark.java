package io.idempo.benchmarks;

import io.idempo.benchmarks.redis.ClaimCommands;
import io.idempo.benchmarks.redis.LettuceClaimCommands;
import io.idempo.benchmarks.redis.RedissonClaimCommands;
import io.idempo.redis.jedis.JedisClaimStore;
import io.idempo.redis.jedis.RedisClients;
import io.idempo.runtime.spi.ClaimResult;
import io.idempo.runtime.spi.CompletedCall;
import io.lettuce.core.RedisURI;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import redis.clients.jedis.UnifiedJedis;

/**
 * The claim store's commands against the local Redis through three clients, one caller thread: Jedis as the
 * runtime configures it ({@link RedisClients#failFast}, through {@link JedisClaimStore} itself), Redisson as the
 * runtime configured it before ({@link RedissonClaimCommands}) and Lettuce (synchronous API), the last two sending
 * the same script and values ({@link ClaimCommands}). Each operation includes what the store does around the
 * command: building the value, reading the answer back into a claim result or a completed call.
 *
 * <ul>
 *   <li>{@code claimNewKey}: the claim {@code EVAL} of a first call (the key is new, the script sets it);</li>
 *   <li>{@code claimCompletedKey}: the claim {@code EVAL} of a duplicate (the script returns the stored answer);</li>
 *   <li>{@code complete}: the completion {@code SET PX} of the stored answer;</li>
 *   <li>{@code completedLookup}: the completed lookup {@code GET}.</li>
 * </ul>
 *
 * <p>The variants of one command run one after another, so that a change of the machine's load falls on as few
 * comparisons as possible. Keys start with {@code rbench:} (as long as the default {@code idempo:}) and are
 * removed at the end.
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar RedisClientBenchmark -prof gc
 *     -prof io.idempo.benchmarks.ProcessCpuProfiler</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(1)
@Threads(1)
public class RedisClientBenchmark {

    static final String HOST = "127.0.0.1";
    static final int PORT = 6379;
    static final String KEY_PREFIX = "rbench:";

    /** A claim held this long by {@code claimNewKey} expires on its own soon after the run. */
    private static final Duration CLAIM_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration TTL = Duration.ofHours(24);
    /** 48 of a key hash's 64 hex characters; a counter (16 hex characters from 2^60 on) makes the rest. */
    private static final String NEW_KEY_STEM = "5d41402abc4b2a76b9719d911017c592e3b0c44298fc1c14";

    @Param({"redisson", "jedis", "lettuce"})
    public String client;

    private ClaimCommands commands;
    private String prefix;
    private long newKeys = 1L << 60;
    private final String token = UUID.randomUUID().toString();
    private final CompletedCall answer = StoredAnswer.created();
    private final String completedKey = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

    @Setup(Level.Trial)
    public void setUp() {
        prefix = KEY_PREFIX + client + ":";
        commands = withRetries(this::connect);
        withRetries(() -> {
            commands.complete(completedKey, answer, TTL);
            return null;
        });
        if (!(commands.claim(completedKey, token, answer.fingerprint(), CLAIM_TIMEOUT) instanceof ClaimResult.Done)
                || commands.completed(completedKey).isEmpty()) {
            throw new IllegalStateException(client + " does not read back the completed call it wrote");
        }
    }

    private ClaimCommands connect() {
        return switch (client) {
            case "redisson" -> new RedissonClaimCommands("redis://" + HOST + ":" + PORT, prefix);
            case "jedis" -> {
                UnifiedJedis jedis = RedisClients.failFast("redis://" + HOST + ":" + PORT);
                yield ClaimCommands.of(new JedisClaimStore(jedis, prefix), jedis);
            }
            case "lettuce" -> new LettuceClaimCommands(io.lettuce.core.RedisClient.create(
                    RedisURI.builder().withHost(HOST).withPort(PORT).withTimeout(Duration.ofMillis(
                            RedisClients.TIMEOUT_MILLIS)).build()), prefix);
            default -> throw new IllegalArgumentException(client);
        };
    }

    /**
     * The first connection of a fresh JVM on a loaded machine can take longer than the clients' 500 ms timeout
     * (class loading, Netty's start): it is not what is measured, so it is tried again.
     */
    private static <T> T withRetries(Supplier<T> action) {
        for (int attempt = 1; ; attempt++) {
            try {
                return action.get();
            } catch (RuntimeException e) {
                if (attempt == 10) {
                    throw e;
                }
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        commands.close();
        RedisKeys.unlinkAll(KEY_PREFIX);
    }

    @Benchmark
    public ClaimResult claimNewKey() {
        return commands.claim(NEW_KEY_STEM + Long.toHexString(newKeys++), token, answer.fingerprint(), CLAIM_TIMEOUT);
    }

    @Benchmark
    public ClaimResult claimCompletedKey() {
        return commands.claim(completedKey, token, answer.fingerprint(), CLAIM_TIMEOUT);
    }

    @Benchmark
    public void complete() {
        commands.complete(completedKey, answer, TTL);
    }

    @Benchmark
    public Optional<CompletedCall> completedLookup() {
        return commands.completed(completedKey);
    }
}
