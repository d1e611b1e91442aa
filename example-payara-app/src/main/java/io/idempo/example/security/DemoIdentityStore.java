package io.idempo.example.security;

import io.idempo.jakarta.IdempotencyAdmin;
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
 * HTTP Basic through Jakarta Security, with the demo users in memory: {@code alice/alice} and {@code bob/bob} in the
 * group {@code user}, the role that {@code web.xml} requires for {@code /api/*}, and {@code admin/admin} in the group
 * {@code idempo-admin} only, the role of the adapter's admin surface ({@code /api/idempotency-admin/*}); the admin
 * places no orders. The user name is the scope of every idempotency key: alice's key never replays bob's answer.
 */
@BasicAuthenticationMechanismDefinition(realmName = DemoIdentityStore.REALM)
@ApplicationScoped
public class DemoIdentityStore implements IdentityStore {

    public static final String REALM = "idempo-example";
    public static final String ROLE = "user";

    /** A demo user's password and groups. */
    private record User(String password, Set<String> groups) {
    }

    private static final Map<String, User> USERS = Map.of(
            "alice", new User("alice", Set.of(ROLE)),
            "bob", new User("bob", Set.of(ROLE)),
            "admin", new User("admin", Set.of(IdempotencyAdmin.ROLE)));

    public CredentialValidationResult validate(UsernamePasswordCredential credential) {
        User user = USERS.get(credential.getCaller());
        if (user != null && MessageDigest.isEqual(user.password().getBytes(StandardCharsets.UTF_8),
                credential.getPasswordAsString().getBytes(StandardCharsets.UTF_8))) {
            return new CredentialValidationResult(credential.getCaller(), user.groups());
        }
        return CredentialValidationResult.INVALID_RESULT;
    }
}
