package dev.strata.application.access;

import dev.strata.domain.MutableClock;
import dev.strata.domain.access.ApiKey;
import dev.strata.domain.access.ApiToken;
import dev.strata.domain.access.InMemoryApiKeyStore;
import dev.strata.domain.access.Principal;
import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.InMemoryAuditLog;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

class AccessServiceTest {

    private static final Tenant ACME = Tenant.of("acme");

    private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
    private final InMemoryApiKeyStore store = new InMemoryApiKeyStore();
    private static final Actor OPERATOR = Actor.cli("ada");

    private final InMemoryAuditLog audit = new InMemoryAuditLog();
    private final AccessService access = new AccessService(store, clock, new SplittableRandom(11), audit);

    @Test
    void a_created_key_authenticates_as_its_tenant_and_the_store_keeps_only_the_hash() {
        IssuedKey issued = access.create(ACME, false, OPERATOR);

        assertThat(access.authenticate(issued.token().value()))
                .contains(new Principal(issued.key().id(), ACME, false));
        ApiKey stored = store.find(issued.key().id()).orElseThrow();
        assertThat(stored.hash()).doesNotContain(issued.token().secret());
        assertThat(stored.toString()).doesNotContain(issued.token().secret()).doesNotContain(stored.hash());
        assertThat(issued.toString()).doesNotContain(issued.token().secret());
    }

    @Test
    void malformed_unknown_wrong_and_revoked_tokens_all_fail() {
        IssuedKey issued = access.create(ACME, true, OPERATOR);
        ApiToken token = issued.token();
        String wrongSecret = new ApiToken(token.id(), token.secret().substring(1) + "A").value();
        String unknownId = new ApiToken("zzzzzzzzzzzz", token.secret()).value();

        assertThat(access.authenticate("")).isEmpty();
        assertThat(access.authenticate("not a token")).isEmpty();
        assertThat(access.authenticate(wrongSecret)).isEmpty();
        assertThat(access.authenticate(unknownId)).isEmpty();

        clock.advance(Duration.ofMinutes(1));
        ApiKey revoked = access.revoke(token.id(), OPERATOR);
        assertThat(revoked.revokedAt()).contains(clock.instant());
        assertThat(access.authenticate(token.value())).isEmpty();
        assertThat(access.hasActiveKey()).isFalse();
    }

    @Test
    void revoking_twice_keeps_the_first_revocation_and_unknown_ids_are_not_found() {
        IssuedKey issued = access.create(ACME, false, OPERATOR);
        Instant first = access.revoke(issued.key().id(), OPERATOR).revokedAt().orElseThrow();
        clock.advance(Duration.ofHours(1));

        assertThat(access.revoke(issued.key().id(), OPERATOR).revokedAt()).contains(first);
        assertThatThrownBy(() -> access.revoke("zzzzzzzzzzzz", OPERATOR)).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> access.revoke("bad id", OPERATOR)).isInstanceOf(InvalidInputException.class);
    }

    @Test
    void list_shows_every_key_oldest_first() {
        IssuedKey a = access.create(ACME, false, OPERATOR);
        clock.advance(Duration.ofSeconds(1));
        IssuedKey b = access.create(Tenant.of("ops"), true, OPERATOR);

        assertThat(access.list()).extracting(ApiKey::id).containsExactly(a.key().id(), b.key().id());
        assertThat(access.list().get(1).admin()).isTrue();
        assertThat(access.hasActiveKey()).isTrue();
    }

    @Test
    void creating_and_revoking_a_key_are_audited_in_its_tenant_by_who_did_it_never_with_the_token() {
        IssuedKey issued = access.create(ACME, true, OPERATOR);
        clock.advance(Duration.ofMinutes(1));
        access.revoke(issued.key().id(), OPERATOR);
        access.revoke(issued.key().id(), OPERATOR);

        assertThat(audit.recent(ACME, 10)).extracting(AuditEntry::action, AuditEntry::subject, e -> e.actor().id())
                .containsExactly(tuple("key.revoke", "key:" + issued.key().id(), "cli:ada"),
                        tuple("key.create", "key:" + issued.key().id(), "cli:ada"));
        assertThat(audit.all().toString()).doesNotContain(issued.token().secret())
                .doesNotContain(store.find(issued.key().id()).orElseThrow().hash());
    }
}
