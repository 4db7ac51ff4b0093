package dev.strata.domain.memory;

import dev.strata.domain.error.InvalidInputException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TenantTest {

    @ParameterizedTest
    @ValueSource(strings = {"default", "acme", "team-7", "a_b", "0"})
    void slugs_are_tenants(String value) {
        assertThat(Tenant.of(value).value()).isEqualTo(value);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "Upper", "-leading", "has space", "../etc", "a/b", "x'or'1", "t\n"})
    void anything_else_is_rejected(String value) {
        assertThatThrownBy(() -> Tenant.of(value))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("tenant"));
    }
}
