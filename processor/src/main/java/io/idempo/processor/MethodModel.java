package io.idempo.processor;

import java.util.List;
import java.util.Optional;
import javax.lang.model.type.TypeMirror;

/**
 * A checked {@code @Idempotent} method, ready for code generation.
 *
 * @param method           the method and its annotation
 * @param signature        {@code name(erased.Type,...)} as the runtime computes it from a {@code Method}
 * @param keyTemplate      the resolved key template, if any
 * @param keyParameter     index of the {@code @IdempotencyKey} parameter, or -1
 * @param scopeParameter   index of the {@code @IdempotencyScope} parameter, or -1
 * @param storedExceptions the {@code storeExceptions} types
 * @param fingerprint      the fingerprint plan
 */
record MethodModel(IdempotentMethod method, String signature, Optional<KeyTemplate> keyTemplate, int keyParameter,
                   int scopeParameter, List<TypeMirror> storedExceptions, FingerprintPlan fingerprint) {
}
