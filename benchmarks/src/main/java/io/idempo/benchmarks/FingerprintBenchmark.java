package io.idempo.benchmarks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.idempo.plan.MethodPlan;
import java.security.DigestException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The generated fingerprinter against three baselines measured in the same run: a reflective walk producing the
 * same kind of canonical encoding, Jackson + SHA-256, and Jackson + MD5 (what AWS Powertools does). Each variant
 * returns the hex digest, as the engine needs it. {@code sha256OfEncoding} is not a baseline but the floor of the
 * generated variant: hashing its canonical bytes, already encoded, with a reused digest.
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar FingerprintBenchmark -prof gc</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class FingerprintBenchmark {

    @Param({"small", "small-non-ascii", "nested", "collection-100"})
    public String shape;

    private MethodPlan plan;
    private Object request;
    private Object[] arguments;
    private ObjectMapper jackson;
    private byte[] encoded;
    private MessageDigest sha256;
    private final byte[] digest = new byte[32];

    @Setup
    public void setUp() throws NoSuchAlgorithmException {
        Shapes_Service_Idempotency plans = new Shapes_Service_Idempotency();
        switch (shape) {
            case "small" -> use(plans.plans().get(0), Shapes.small(false));
            case "small-non-ascii" -> use(plans.plans().get(0), Shapes.small(true));
            case "nested" -> use(plans.plans().get(1), Shapes.nested(false));
            case "collection-100" -> use(plans.plans().get(2), Shapes.collection(false));
            default -> throw new IllegalArgumentException(shape);
        }
        jackson = JsonMapper.builder().configure(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY, true)
                .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true).findAndAddModules().build();
        encoded = plan.fingerprint(arguments).encoded();
        sha256 = MessageDigest.getInstance("SHA-256");
    }

    private void use(MethodPlan methodPlan, Object value) {
        plan = methodPlan;
        request = value;
        arguments = new Object[] {value, "key-00000001"};
    }

    @Benchmark
    public String generated() {
        return plan.fingerprint(arguments).digest();
    }

    @Benchmark
    public String sha256OfEncoding() throws DigestException {
        sha256.update(encoded);
        sha256.digest(digest, 0, digest.length);
        return HexFormat.of().formatHex(digest);
    }

    @Benchmark
    public String reflection() {
        return ReflectiveFingerprint.digest(request);
    }

    @Benchmark
    public String jacksonSha256() throws JsonProcessingException, NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(jackson.writeValueAsBytes(request)));
    }

    @Benchmark
    public String jacksonMd5() throws JsonProcessingException, NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(jackson.writeValueAsBytes(request)));
    }
}
