package io.idempo.runtime;

import io.idempo.plan.Sha256;
import java.util.HexFormat;

/**
 * Where a call's record lives: the action, the scope it belongs to (user, tenant, client; empty when anonymous)
 * and the client key. One scope can never reach another's record because the scope is part of the hash.
 *
 * @param action    the business action
 * @param scope     the principal or tenant; empty for none
 * @param clientKey the validated client key
 */
public record RecordKey(String action, String scope, String clientKey) {

    /** Lowercase hex SHA-256 over the three parts, each length-prefixed so that no two splits collide. */
    public String hash() {
        return HexFormat.of().formatHex(Sha256.ofLengthPrefixed(action, scope, clientKey));
    }

    /** For logs: action, scope and key, never request values. */
    @Override
    public String toString() {
        return action + " scope=" + (scope.isEmpty() ? "-" : scope) + " key=" + clientKey;
    }
}
