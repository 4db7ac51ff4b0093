package dev.strata.domain.vault;

import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/** What every {@link VaultStore} promises; run against the fake and the SQLite adapter. */
public abstract class VaultStoreContract {

    private static final Tenant ALICE = Tenant.of("alice");
    private static final Tenant BOB = Tenant.of("bob");
    private static final Instant T0 = Instant.parse("2026-01-01T10:00:00Z");

    protected VaultStore store;

    protected abstract VaultStore createStore();

    @BeforeEach
    void freshStore() {
        store = createStore();
    }

    @Test
    void put_replaces_value_and_flag_and_all_is_ordered_by_key() {
        store.put(ALICE, "progress", "3", false, T0);
        store.put(ALICE, "OPENAI_API_KEY", "sk-first-value", true, T0);
        store.put(ALICE, "progress", "4", false, T0.plusSeconds(1));

        assertThat(store.all(ALICE)).extracting(VaultEntry::key, VaultEntry::value, VaultEntry::secret)
                .containsExactly(tuple("OPENAI_API_KEY", "sk-first-value", true), tuple("progress", "4", false));
        assertThat(store.get(ALICE, "progress").orElseThrow().updatedAt()).isEqualTo(T0.plusSeconds(1));
    }

    @Test
    void values_are_kept_byte_for_byte() {
        String pem = "-----BEGIN KEY-----\n  line \"two\" \\ ü\n-----END KEY-----\n";
        store.put(ALICE, "pem", pem, true, T0);
        assertThat(store.get(ALICE, "pem").orElseThrow().value()).isEqualTo(pem);
    }

    @Test
    void a_secret_can_become_plain_and_back() {
        store.put(ALICE, "token", "value-12345", true, T0);
        store.put(ALICE, "token", "value-12345", false, T0);
        assertThat(store.secrets()).isEmpty();
        store.put(ALICE, "token", "value-12345", true, T0);
        assertThat(store.secrets()).containsExactly(new VaultSecret(ALICE, "token", "value-12345"));
    }

    @Test
    void delete_reports_whether_the_key_existed() {
        store.put(ALICE, "progress", "3", false, T0);
        assertThat(store.delete(ALICE, "progress")).isTrue();
        assertThat(store.delete(ALICE, "progress")).isFalse();
        assertThat(store.get(ALICE, "progress")).isEmpty();
    }

    @Test
    void tenants_do_not_see_each_others_vault() {
        store.put(ALICE, "token", "alice-secret-1", true, T0);
        store.put(BOB, "other", "bob-value", false, T0);

        assertThat(store.get(BOB, "token")).isEmpty();
        assertThat(store.all(BOB)).extracting(VaultEntry::key).containsExactly("other");
        assertThat(store.delete(BOB, "token")).isFalse();
        assertThat(store.get(ALICE, "token")).isPresent();
    }

    @Test
    void secrets_lists_only_secrets_of_every_tenant() {
        store.put(ALICE, "token", "alice-secret-1", true, T0);
        store.put(ALICE, "plain", "not-a-secret", false, T0);
        store.put(BOB, "token", "bob-secret-22", true, T0);

        assertThat(store.secrets()).containsExactlyInAnyOrder(new VaultSecret(ALICE, "token", "alice-secret-1"),
                new VaultSecret(BOB, "token", "bob-secret-22"));
    }

    @Test
    void a_secret_is_unredacted_until_marked_and_again_when_its_value_changes() {
        store.put(ALICE, "token", "alice-secret-1", true, T0);
        store.put(ALICE, "plain", "not-a-secret", false, T0);
        assertThat(store.unredactedSecrets()).containsExactly(new VaultSecret(ALICE, "token", "alice-secret-1"));

        store.markRedacted(ALICE, "token", T0);
        assertThat(store.unredactedSecrets()).isEmpty();

        store.put(ALICE, "token", "alice-secret-2", true, T0.plusSeconds(1));
        assertThat(store.unredactedSecrets()).containsExactly(new VaultSecret(ALICE, "token", "alice-secret-2"));
        store.markRedacted(ALICE, "token", T0);
        store.put(ALICE, "token", "alice-secret-2", false, T0.plusSeconds(2));
        store.put(ALICE, "token", "alice-secret-2", true, T0.plusSeconds(3));
        assertThat(store.unredactedSecrets()).as("made secret again").hasSize(1);
    }

    @Test
    void sealing_at_rest_keeps_every_value_readable() {
        store.put(ALICE, "token", "alice-secret-1", true, T0);
        store.put(BOB, "plain", "bob-value", false, T0);

        store.sealAtRest();

        assertThat(store.get(ALICE, "token").orElseThrow().value()).isEqualTo("alice-secret-1");
        assertThat(store.get(BOB, "plain").orElseThrow().value()).isEqualTo("bob-value");
        assertThat(store.secrets()).containsExactly(new VaultSecret(ALICE, "token", "alice-secret-1"));
    }
}
