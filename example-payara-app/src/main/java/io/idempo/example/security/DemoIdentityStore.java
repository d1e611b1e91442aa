package io.idempo.example.security;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.security.enterprise.authentication.mechanism.http.BasicAuthenticationMechanismDefinition;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.security.enterprise.identitystore.CredentialValidationResult;
import jakarta.security.enterprise.identitystore.IdentityStore;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;
import java.util.Set;

/**
 * HTTP Basic through Jakarta Security, with the two demo users {@code alice/alice} and {@code bob/bob} in memory.
 * Both are in the group {@code user}, the role that {@code web.xml} requires for {@code /api/*}. The user name is
 * the scope of every idempotency key: alice's key never replays bob's answer.
 */
@BasicAuthenticationMechanismDefinition(realmName = DemoIdentityStore.REALM)
@ApplicationScoped
public class DemoIdentityStore implements IdentityStore {

    public static final String REALM = "idempo-example";
    public static final String ROLE = "user";

    private static final Map<String, String> USERS = Map.of("alice", "alice", "bob", "bob");

    public CredentialValidationResult validate(UsernamePasswordCredential credential) {
        String expected = USERS.get(credential.getCaller());
        if (expected != null && MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8),
                credential.getPasswordAsString().getBytes(StandardCharsets.UTF_8))) {
            return new CredentialValidationResult(credential.getCaller(), Set.of(ROLE));
        }
        return CredentialValidationResult.INVALID_RESULT;
    }
}
