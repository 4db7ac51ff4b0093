package dev.strata.application.access;

import dev.strata.domain.MutableClock;
import dev.strata.domain.access.ApiKey;
import dev.strata.domain.access.ApiToken;
import dev.strata.domain.access.InMemoryApiKeyStore;
import dev.strata.domain.access.Principal;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AccessServiceTest {

    private static final Tenant ACME = Tenant.of("acme");

    private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
    private final InMemoryApiKeyStore store = new InMemoryApiKeyStore();
    private final AccessService access = new AccessService(store, clock, new SplittableRandom(11));

    @Test
    void aCreatedKeyAuthenticatesAsItsTenantAndTheStoreKeepsOnlyTheHash() {
        IssuedKey issued = access.create(ACME, false);

        assertThat(access.authenticate(issued.token().value()))
                .contains(new Principal(issued.key().id(), ACME, false));
        ApiKey stored = store.find(issued.key().id()).orElseThrow();
        assertThat(stored.hash()).doesNotContain(issued.token().secret());
        assertThat(stored.toString()).doesNotContain(issued.token().secret()).doesNotContain(stored.hash());
        assertThat(issued.toString()).doesNotContain(issued.token().secret());
    }

    @Test
    void malformedUnknownWrongAndRevokedTokensAllFail() {
        IssuedKey issued = access.create(ACME, true);
        ApiToken token = issued.token();
        String wrongSecret = new ApiToken(token.id(), token.secret().substring(1) + "A").value();
        String unknownId = new ApiToken("zzzzzzzzzzzz", token.secret()).value();

        assertThat(access.authenticate("")).isEmpty();
        assertThat(access.authenticate("not a token")).isEmpty();
        assertThat(access.authenticate(wrongSecret)).isEmpty();
        assertThat(access.authenticate(unknownId)).isEmpty();

        clock.advance(Duration.ofMinutes(1));
        ApiKey revoked = access.revoke(token.id());
        assertThat(revoked.revokedAt()).contains(clock.instant());
        assertThat(access.authenticate(token.value())).isEmpty();
        assertThat(access.hasActiveKey()).isFalse();
    }

    @Test
    void revokingTwiceKeepsTheFirstRevocationAndUnknownIdsAreNotFound() {
        IssuedKey issued = access.create(ACME, false);
        Instant first = access.revoke(issued.key().id()).revokedAt().orElseThrow();
        clock.advance(Duration.ofHours(1));

        assertThat(access.revoke(issued.key().id()).revokedAt()).contains(first);
        assertThatThrownBy(() -> access.revoke("zzzzzzzzzzzz")).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> access.revoke("bad id")).isInstanceOf(InvalidInputException.class);
    }

    @Test
    void listShowsEveryKeyOldestFirst() {
        IssuedKey a = access.create(ACME, false);
        clock.advance(Duration.ofSeconds(1));
        IssuedKey b = access.create(Tenant.of("ops"), true);

        assertThat(access.list()).extracting(ApiKey::id).containsExactly(a.key().id(), b.key().id());
        assertThat(access.list().get(1).admin()).isTrue();
        assertThat(access.hasActiveKey()).isTrue();
    }
}
