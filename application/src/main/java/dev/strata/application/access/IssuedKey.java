package dev.strata.application.access;

import dev.strata.domain.access.ApiKey;
import dev.strata.domain.access.ApiToken;

import java.util.Objects;

/** A key just created, with the only copy of its token: shown to the user once, never stored. */
public record IssuedKey(ApiKey key, ApiToken token) {

    public IssuedKey {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(token, "token");
    }

    @Override
    public String toString() {
        return "IssuedKey[" + key + "]";
    }
}
