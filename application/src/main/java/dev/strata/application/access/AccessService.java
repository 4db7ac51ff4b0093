package dev.strata.application.access;

import dev.strata.application.audit.AuditTrail;
import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.access.ApiKey;
import dev.strata.domain.access.ApiKeyStore;
import dev.strata.domain.access.ApiToken;
import dev.strata.domain.access.KeyHash;
import dev.strata.domain.access.Principal;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.memory.Tenant;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * The API-key use cases: create (token shown once), list, revoke, and authenticate a presented token.
 * Creating and revoking a key are audited in the key's tenant, naming the key by its id, never its token.
 */
public final class AccessService {

    private final ApiKeyStore store;
    private final Clock clock;
    private final RandomGenerator random;
    private final AuditTrail audit;

    public AccessService(ApiKeyStore store, Clock clock, AuditLog audit) {
        this(store, clock, new SecureRandom(), audit);
    }

    /** {@code random} must be cryptographically strong outside tests. */
    public AccessService(ApiKeyStore store, Clock clock, RandomGenerator random, AuditLog audit) {
        this.audit = new AuditTrail(audit);
        this.store = Objects.requireNonNull(store, "store");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.random = Objects.requireNonNull(random, "random");
    }

    public IssuedKey create(Tenant tenant, boolean admin, Actor actor) {
        ApiToken token = ApiToken.generate(random);
        ApiKey key = new ApiKey(token.id(), tenant, admin, KeyHash.of(token),
                clock.instant().truncatedTo(ChronoUnit.MILLIS), Optional.empty());
        store.insert(key);
        audit.record(new AuditEntry(tenant, "key.create", "key:" + key.id(), admin ? "admin key created"
                : "tenant key created", actor, key.createdAt()));
        return new IssuedKey(key, token);
    }

    public List<ApiKey> list() {
        return store.all();
    }

    /** Revokes a key; revoking a revoked key changes nothing and returns it as it is. */
    public ApiKey revoke(String id, Actor actor) {
        ApiKey.checkId(id);
        boolean revoked = store.revoke(id, clock.instant().truncatedTo(ChronoUnit.MILLIS));
        ApiKey key = store.find(id).orElseThrow(() -> new NotFoundException("api key", id));
        if (revoked) {
            audit.record(new AuditEntry(key.tenant(), "key.revoke", "key:" + id, "revoked", actor,
                    key.revokedAt().orElseThrow()));
        }
        return key;
    }

    /**
     * The principal a token acts as; empty for a malformed, unknown, revoked or wrong token alike,
     * so a caller cannot tell which (and the answer is always the same 401).
     */
    public Optional<Principal> authenticate(String presented) {
        return ApiToken.parse(presented)
                .flatMap(token -> store.find(token.id())
                        .filter(ApiKey::active)
                        .filter(key -> KeyHash.matches(token, key.hash())))
                .map(Principal::of);
    }

    public boolean hasActiveKey() {
        return store.anyActive();
    }
}
