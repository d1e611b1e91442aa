package io.idempo.processor;

import io.idempo.plan.Sha256;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The fingerprint of one method: which paths, in which order, encoded how.
 *
 * @param fields the fields in declaration order (the order of {@code fingerprint}, or of the parameters)
 */
record FingerprintPlan(List<Field> fields) {

    /** Bumped only if the meaning of the plan text itself changes. */
    private static final String PLAN_FORMAT = "idempo-fingerprint-plan-1";

    record Field(PathResolver.ResolvedPath path, Encoding encoding) {
    }

    /** The plan as text: every path with the shape of its encoding. */
    String describe() {
        return fields.stream().map(field -> field.path().path() + "=" + field.encoding().describe())
                .collect(Collectors.joining(";", PLAN_FORMAT + "[", "]"));
    }

    /** First 16 hex characters of the SHA-256 of {@link #describe()}: changes exactly when the plan changes. */
    String version() {
        byte[] hash = Sha256.newDigest().digest(describe().getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(hash).substring(0, 16);
    }
}
