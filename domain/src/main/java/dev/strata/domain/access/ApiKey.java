package dev.strata.domain.access;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A stored API key: its public id, the tenant it acts in, whether it may act in every tenant, and
 * the SHA-256 of the token. The token itself is never stored (see {@link KeyHash}).
 *
 * @param id        public identifier, also embedded in the token, used by {@code keys revoke}
 * @param tenant    the tenant the key acts in (an admin key's default tenant)
 * @param admin     whether the key may name any tenant
 * @param hash      lower-case hex SHA-256 of the whole token
 * @param revokedAt when the key stopped working, if it did
 */
public record ApiKey(String id, Tenant tenant, boolean admin, String hash, Instant createdAt,
                     Optional<Instant> revokedAt) {

    /** Twelve lower-case letters or digits: random, so ids do not reveal order or count. */
    public static final Pattern ID = Pattern.compile("[a-z0-9]{12}");
    private static final Pattern HEX_SHA256 = Pattern.compile("[0-9a-f]{64}");

    public ApiKey {
        id = checkId(id);
        Objects.requireNonNull(tenant, "tenant");
        if (hash == null || !HEX_SHA256.matcher(hash).matches()) {
            throw new IllegalArgumentException("hash must be 64 lower-case hex digits");
        }
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(revokedAt, "revokedAt");
    }

    public static String checkId(String id) {
        if (id == null || !ID.matcher(id).matches()) {
            throw new InvalidInputException("id", "must be 12 lower-case letters or digits");
        }
        return id;
    }

    public boolean active() {
        return revokedAt.isEmpty();
    }

    public ApiKey revoked(Instant at) {
        return new ApiKey(id, tenant, admin, hash, createdAt, Optional.of(at));
    }

    /** Never prints the hash: key listings and logs must not carry material an attacker could use offline. */
    @Override
    public String toString() {
        return "ApiKey[" + id + ", tenant=" + tenant + ", admin=" + admin + ", active=" + active() + "]";
    }
}
