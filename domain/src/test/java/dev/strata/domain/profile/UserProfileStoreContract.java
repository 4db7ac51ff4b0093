package dev.strata.domain.profile;

import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/** What every {@link UserProfileStore} promises; run against the fake and the SQLite adapter. */
public abstract class UserProfileStoreContract {

    private static final Tenant ALICE = Tenant.of("alice");
    private static final Tenant BOB = Tenant.of("bob");
    private static final Instant T0 = Instant.parse("2026-01-01T10:00:00Z");

    protected UserProfileStore store;

    protected abstract UserProfileStore createStore();

    @BeforeEach
    void freshStore() {
        store = createStore();
    }

    @Test
    void put_replaces_and_all_is_ordered_by_key() {
        store.put(ALICE, "risk_tolerance", "aggressive", T0);
        store.put(ALICE, "home_language", "en", T0);
        store.put(ALICE, "risk_tolerance", "conservative", T0.plusSeconds(1));

        assertThat(store.all(ALICE)).extracting(ProfileEntry::key, ProfileEntry::value)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("home_language", "en"),
                        org.assertj.core.groups.Tuple.tuple("risk_tolerance", "conservative"));
        assertThat(store.get(ALICE, "risk_tolerance").orElseThrow().updatedAt()).isEqualTo(T0.plusSeconds(1));
    }

    @Test
    void delete_reports_whether_the_key_existed() {
        store.put(ALICE, "home_language", "en", T0);
        assertThat(store.delete(ALICE, "home_language")).isTrue();
        assertThat(store.delete(ALICE, "home_language")).isFalse();
        assertThat(store.get(ALICE, "home_language")).isEmpty();
    }

    @Test
    void tenants_do_not_see_each_others_profile() {
        store.put(ALICE, "home_language", "en", T0);
        store.put(BOB, "home_language", "de", T0);

        assertThat(store.get(BOB, "home_language").orElseThrow().value()).isEqualTo("de");
        assertThat(store.all(BOB)).hasSize(1);
        assertThat(store.delete(BOB, "home_language")).isTrue();
        assertThat(store.get(ALICE, "home_language")).isPresent();
    }
}
