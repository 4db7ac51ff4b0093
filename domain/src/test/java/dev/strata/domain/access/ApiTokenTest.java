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
    void a_generated_token_has_the_prefix_the_id_and_256_bits_of_secret_and_parses_back() {
        ApiToken token = ApiToken.generate(new SecureRandom());

        assertThat(token.value()).startsWith("sk_strata_" + token.id() + "_").hasSize(10 + 12 + 1 + 43);
        assertThat(ApiToken.parse(token.value())).contains(token);
        assertThat(ApiToken.parse("  " + token.value() + "\n")).contains(token);
    }

    @Test
    void two_tokens_never_share_id_or_secret() {
        SecureRandom random = new SecureRandom();
        ApiToken a = ApiToken.generate(random);
        ApiToken b = ApiToken.generate(random);
        assertThat(a.id()).isNotEqualTo(b.id());
        assertThat(a.secret()).isNotEqualTo(b.secret());
    }

    @Test
    void anything_else_does_not_parse() {
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
    void to_string_never_shows_the_secret() {
        ApiToken token = ApiToken.generate(new SplittableRandom(2));
        assertThat(token.toString()).contains(token.id()).doesNotContain(token.secret());
    }

    @Test
    void the_hash_is_sha_256_hex_and_only_the_same_token_matches() {
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
    void key_ids_are_validated_at_the_boundary() {
        assertThatThrownBy(() -> ApiKey.checkId("../../etc")).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("id:");
        assertThatThrownBy(() -> ApiKey.checkId("ABCDEFGHIJKL")).isInstanceOf(InvalidInputException.class);
        assertThat(ApiKey.checkId("abcdef012345")).isEqualTo("abcdef012345");
    }

    @Test
    void a_tenant_key_acts_only_in_its_tenant_and_an_admin_key_anywhere() {
        Principal tenantKey = new Principal("abcdef012345", Tenant.of("acme"), false);
        Principal adminKey = new Principal("abcdef012346", Tenant.of("ops"), true);

        assertThat(tenantKey.mayActIn(Tenant.of("acme"))).isTrue();
        assertThat(tenantKey.mayActIn(Tenant.of("beta"))).isFalse();
        assertThat(adminKey.mayActIn(Tenant.of("beta"))).isTrue();
    }
}
