package dev.strata.adapters.http.support;

import dev.strata.domain.memory.Tenant;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** How views are written: the rules every resource's body relies on. */
class JsonTest {

    private record Inner(String zeta, int alpha) {
    }

    private record Outer(long id, String maybeNull, Optional<String> whenPresent, Optional<String> whenAbsent,
                         boolean isActive, Instant updatedAt, List<Inner> items, JsonValue raw) {
    }

    private record Extended(@Inline Inner base, String extra) {
    }

    private static String json(Object value) {
        return new String(Json.write(value), StandardCharsets.UTF_8);
    }

    @Test
    void a_view_is_written_in_declaration_order_with_snake_case_names() {
        Outer outer = new Outer(7, null, Optional.of("yes"), Optional.empty(), true,
                Instant.parse("2026-01-05T09:00:00Z"), List.of(new Inner("z", 1)), JsonValue.TRUE);

        assertThat(json(outer)).isEqualTo("{\"id\":7,\"maybe_null\":null,\"when_present\":\"yes\",\"is_active\":true,"
                + "\"updated_at\":\"2026-01-05T09:00:00Z\",\"items\":[{\"zeta\":\"z\",\"alpha\":1}],\"raw\":true}");
    }

    @Test
    void an_inline_component_writes_its_fields_in_place() {
        assertThat(json(new Extended(new Inner("z", 1), "more"))).isEqualTo("{\"zeta\":\"z\",\"alpha\":1,\"extra\":\"more\"}");
    }

    @Test
    void maps_keep_their_order_and_their_nulls() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("b", null);
        map.put("a", new Inner("z", 2));

        assertThat(json(map)).isEqualTo("{\"b\":null,\"a\":{\"zeta\":\"z\",\"alpha\":2}}");
    }

    @Test
    void a_domain_record_is_written_only_through_its_view() {
        record TenantView(String name) {
        }
        Json withView = Json.withViews(ViewMapping.builder().add(Tenant.class, t -> new TenantView(t.value())).build());

        assertThat(new String(withView.bytes(List.of(Tenant.of("acme"))), StandardCharsets.UTF_8))
                .isEqualTo("[{\"name\":\"acme\"}]");
        assertThatThrownBy(() -> json(List.of(Tenant.of("acme")))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Tenant");
    }

    @Test
    void snake_case_splits_at_every_capital() {
        assertThat(ViewTree.snakeCase("dailyUsdCap")).isEqualTo("daily_usd_cap");
        assertThat(ViewTree.snakeCase("id")).isEqualTo("id");
    }
}
