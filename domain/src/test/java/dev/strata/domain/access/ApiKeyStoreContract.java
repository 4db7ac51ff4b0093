package dev.strata.domain.access;

import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Optional;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What every {@link ApiKeyStore} promises; run against the fake and the SQLite adapter. */
public abstract class ApiKeyStoreContract {

    private static final Instant T0 = Instant.parse("2026-01-01T10:00:00Z");

    private final SplittableRandom random = new SplittableRandom(7);
    protected ApiKeyStore store;

    protected abstract ApiKeyStore createStore();

    @BeforeEach
    void freshStore() {
        store = createStore();
    }

    private ApiKey newKey(String tenant, boolean admin, Instant at) {
        ApiToken token = ApiToken.generate(random);
        return new ApiKey(token.id(), Tenant.of(tenant), admin, KeyHash.of(token), at, Optional.empty());
    }

    @Test
    void a_stored_key_is_found_by_id_with_every_field() {
        ApiKey key = newKey("acme", true, T0);
        store.insert(key);

        assertThat(store.find(key.id())).contains(key);
        assertThat(store.find("zzzzzzzzzzzz")).isEmpty();
    }

    @Test
    void all_lists_oldest_first_including_revoked_keys() {
        ApiKey later = newKey("acme", false, T0.plusSeconds(5));
        ApiKey earlier = newKey("beta", false, T0);
        store.insert(later);
        store.insert(earlier);
        store.revoke(later.id(), T0.plusSeconds(9));

        assertThat(store.all()).extracting(ApiKey::id).containsExactly(earlier.id(), later.id());
        assertThat(store.all().get(1).revokedAt()).contains(T0.plusSeconds(9));
    }

    @Test
    void revoke_happens_once_and_only_for_known_keys() {
        ApiKey key = newKey("acme", false, T0);
        store.insert(key);

        assertThat(store.revoke(key.id(), T0.plusSeconds(1))).isTrue();
        assertThat(store.revoke(key.id(), T0.plusSeconds(2))).isFalse();
        assertThat(store.revoke("zzzzzzzzzzzz", T0)).isFalse();
        assertThat(store.find(key.id()).orElseThrow().revokedAt()).contains(T0.plusSeconds(1));
    }

    @Test
    void any_active_ignores_revoked_keys() {
        assertThat(store.anyActive()).isFalse();
        ApiKey key = newKey("acme", false, T0);
        store.insert(key);
        assertThat(store.anyActive()).isTrue();
        store.revoke(key.id(), T0);
        assertThat(store.anyActive()).isFalse();
    }

    @Test
    void a_duplicate_id_is_refused() {
        ApiKey key = newKey("acme", false, T0);
        store.insert(key);
        assertThatThrownBy(() -> store.insert(key)).isInstanceOf(RuntimeException.class);
        assertThat(store.all()).hasSize(1);
    }
}
