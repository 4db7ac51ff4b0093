package dev.strata.domain.access;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;

import java.security.SecureRandom;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ApiTokenTest {

    @Test
    void aGeneratedTokenHasThePrefixTheIdAnd256BitsOfSecretAndParsesBack() {
        ApiToken token = ApiToken.generate(new SecureRandom());

        assertThat(token.value()).startsWith("sk_strata_" + token.id() + "_").hasSize(10 + 12 + 1 + 43);
        assertThat(ApiToken.parse(token.value())).contains(token);
        assertThat(ApiToken.parse("  " + token.value() + "\n")).contains(token);
    }

    @Test
    void twoTokensNeverShareIdOrSecret() {
        SecureRandom random = new SecureRandom();
        ApiToken a = ApiToken.generate(random);
        ApiToken b = ApiToken.generate(random);
        assertThat(a.id()).isNotEqualTo(b.id());
        assertThat(a.secret()).isNotEqualTo(b.secret());
    }

    @Test
    void anythingElseDoesNotParse() {
        String good = ApiToken.generate(new SplittableRandom(1)).value();
        assertThat(ApiToken.parse(null)).isEmpty();
        assertThat(ApiToken.parse("")).isEmpty();
        assertThat(ApiToken.parse("Bearer " + good)).isEmpty();
        assertThat(ApiToken.parse(good.substring(0, good.length() - 1))).isEmpty();
        assertThat(ApiToken.parse(good + "x")).isEmpty();
        assertThat(ApiToken.parse(good.replace("sk_strata_", "sk_other_"))).isEmpty();
        assertThat(ApiToken.parse("sk_strata_ABCDEFGHIJKL_" + good.substring(good.length() - 43))).isEmpty();
    }

    @Test
    void toStringNeverShowsTheSecret() {
        ApiToken token = ApiToken.generate(new SplittableRandom(2));
        assertThat(token.toString()).contains(token.id()).doesNotContain(token.secret());
    }

    @Test
    void theHashIsSha256HexAndOnlyTheSameTokenMatches() {
        SplittableRandom random = new SplittableRandom(3);
        ApiToken token = ApiToken.generate(random);
        ApiToken other = ApiToken.generate(random);
        String hash = KeyHash.of(token);

        assertThat(hash).matches("[0-9a-f]{64}").isNotEqualTo(KeyHash.of(other)).doesNotContain(token.secret());
        assertThat(KeyHash.matches(token, hash)).isTrue();
        assertThat(KeyHash.matches(other, hash)).isFalse();
        assertThat(KeyHash.matches(new ApiToken(token.id(), other.secret()), hash)).isFalse();
    }

    @Test
    void keyIdsAreValidatedAtTheBoundary() {
        assertThatThrownBy(() -> ApiKey.checkId("../../etc")).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("id:");
        assertThatThrownBy(() -> ApiKey.checkId("ABCDEFGHIJKL")).isInstanceOf(InvalidInputException.class);
        assertThat(ApiKey.checkId("abcdef012345")).isEqualTo("abcdef012345");
    }

    @Test
    void aTenantKeyActsOnlyInItsTenantAndAnAdminKeyAnywhere() {
        Principal tenantKey = new Principal("abcdef012345", Tenant.of("acme"), false);
        Principal adminKey = new Principal("abcdef012346", Tenant.of("ops"), true);

        assertThat(tenantKey.mayActIn(Tenant.of("acme"))).isTrue();
        assertThat(tenantKey.mayActIn(Tenant.of("beta"))).isFalse();
        assertThat(adminKey.mayActIn(Tenant.of("beta"))).isTrue();
    }
}
