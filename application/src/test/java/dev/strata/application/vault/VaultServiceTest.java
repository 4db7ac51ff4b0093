package dev.strata.application.vault;

import dev.strata.domain.MutableClock;
import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.InMemoryAuditLog;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.vault.CredentialScrubber;
import dev.strata.domain.vault.InMemoryVaultStore;
import dev.strata.domain.vault.VaultEntry;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static dev.strata.application.provenance.TestOrigins.AGENT_ACTOR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

class VaultServiceTest {

    private static final Tenant ACME = Tenant.of("acme");
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    private static final dev.strata.domain.graph.EdgeExtractor EDGES =
            new dev.strata.domain.graph.EdgeExtractor(new dev.strata.domain.graph.FinanceEntityExtractor());

    private final InMemoryVaultStore store = new InMemoryVaultStore();
    private final CredentialScrubber scrubber = new CredentialScrubber();
    private final MutableClock clock = new MutableClock(T0);

    @Test
    void secrets_stored_before_startup_are_redacted_from_the_first_output() {
        store.put(ACME, "OPENAI_API_KEY", "sk-from-last-run", true, T0);
        store.put(ACME, "progress", "page-17-of-40", false, T0);

        new VaultService(store, scrubber, clock, new InMemoryAuditLog());

        assertThat(scrubber.scrub("sk-from-last-run page-17-of-40"))
                .isEqualTo("[REDACTED:vault:OPENAI_API_KEY] page-17-of-40");
    }

    @Test
    void setting_a_secret_registers_it_and_making_it_plain_or_deleting_it_forgets_it() {
        VaultService vault = new VaultService(store, scrubber, clock, new InMemoryAuditLog());

        VaultEntry set = vault.set(ACME, "token", "tok-123456789", true, AGENT_ACTOR);
        assertThat(set.updatedAt()).isEqualTo(T0);
        assertThat(scrubber.scrub("tok-123456789")).isEqualTo("[REDACTED:vault:token]");

        vault.set(ACME, "token", "tok-123456789", false, AGENT_ACTOR);
        assertThat(scrubber.scrub("tok-123456789")).isEqualTo("tok-123456789");

        vault.set(ACME, "token", "tok-987654321", true, AGENT_ACTOR);
        vault.delete(ACME, "token", AGENT_ACTOR);
        assertThat(scrubber.scrub("tok-987654321")).isEqualTo("tok-987654321");
        assertThat(vault.list(ACME)).isEmpty();
    }

    @Test
    void get_returns_the_stored_value_and_unknown_keys_are_not_found() {
        VaultService vault = new VaultService(store, scrubber, clock, new InMemoryAuditLog());
        vault.set(ACME, "token", "tok-123456789", true, AGENT_ACTOR);

        assertThat(vault.get(ACME, "token").value()).isEqualTo("tok-123456789");
        assertThatThrownBy(() -> vault.get(Tenant.of("other"), "token")).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> vault.delete(ACME, "missing", AGENT_ACTOR)).isInstanceOf(NotFoundException.class);
    }

    @Test
    void invalid_input_is_refused_before_anything_is_stored_or_registered() {
        VaultService vault = new VaultService(store, scrubber, clock, new InMemoryAuditLog());

        assertThatThrownBy(() -> vault.set(ACME, "bad key", "value-12345", true, AGENT_ACTOR))
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("key:");
        assertThatThrownBy(() -> vault.set(ACME, "pin", "1234", true, AGENT_ACTOR))
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("value:");
        assertThat(store.all(ACME)).isEmpty();
        assertThat(scrubber.size()).isZero();
    }

    @Test
    void sets_and_deletes_are_audited_by_key_and_actor_never_with_the_value() {
        InMemoryAuditLog audit = new InMemoryAuditLog();
        VaultService vault = new VaultService(store, scrubber, clock, audit);

        vault.set(ACME, "OPENAI_API_KEY", "sk-live-4f9a8b7c6d5e", true, AGENT_ACTOR);
        vault.set(ACME, "progress", "page-17-of-40", false, AGENT_ACTOR);
        vault.delete(ACME, "progress", AGENT_ACTOR);

        assertThat(audit.recent(ACME, 10)).extracting(AuditEntry::action, AuditEntry::subject, AuditEntry::actor)
                .containsExactly(tuple("vault.delete", "vault:progress", AGENT_ACTOR),
                        tuple("vault.set", "vault:progress", AGENT_ACTOR),
                        tuple("vault.set", "vault:OPENAI_API_KEY", AGENT_ACTOR));
        assertThat(audit.all().toString()).doesNotContain("sk-live-4f9a8b7c6d5e").doesNotContain("page-17-of-40");
    }

    /** Records each sweep and what the scrubber knew at that moment. */
    private static final class RecordingRedaction implements dev.strata.domain.vault.StoredTextRedaction {
        final java.util.List<Integer> sweeps = new java.util.ArrayList<>();

        @Override
        public dev.strata.domain.vault.RedactionReport redactAll(dev.strata.domain.vault.RedactionPolicy p) {
            sweeps.add(p.holdsSecret("tok-123456789") || p.holdsSecret("tok-from-an-upgrade") ? 1 : 0);
            return new dev.strata.domain.vault.RedactionReport(java.util.Map.of("memories", 1));
        }
    }

    @Test
    void setting_a_secret_sweeps_stored_text_after_registering_it_and_records_the_sweep() {
        RecordingRedaction redaction = new RecordingRedaction();
        VaultService vault = new VaultService(store, scrubber, clock, redaction, EDGES, new InMemoryAuditLog());

        vault.set(ACME, "progress", "page-1", false, AGENT_ACTOR);
        assertThat(redaction.sweeps).isEmpty();
        vault.set(ACME, "token", "tok-123456789", true, AGENT_ACTOR);

        assertThat(redaction.sweeps).containsExactly(1);
        assertThat(store.unredactedSecrets()).isEmpty();
    }

    @Test
    void secrets_left_unswept_are_swept_at_the_next_start_and_only_once() {
        store.put(ACME, "token", "tok-from-an-upgrade", true, T0);
        new VaultService(store, scrubber, clock, new InMemoryAuditLog());
        assertThat(store.unredactedSecrets()).as("no sweep, so nothing is marked").hasSize(1);

        RecordingRedaction first = new RecordingRedaction();
        new VaultService(store, scrubber, clock, first, EDGES, new InMemoryAuditLog());
        RecordingRedaction second = new RecordingRedaction();
        new VaultService(store, scrubber, clock, second, EDGES, new InMemoryAuditLog());

        assertThat(first.sweeps).containsExactly(1);
        assertThat(second.sweeps).isEmpty();
    }
}
