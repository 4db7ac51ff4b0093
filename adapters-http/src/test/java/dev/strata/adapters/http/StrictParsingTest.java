package dev.strata.adapters.http;

import dev.strata.application.access.IssuedKey;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 13, strict parsing: one spelling per id, one copy per identity header, no key ignored, no half characters. */
class StrictParsingTest {

    @Nested
    class WithoutAuthentication {

        @RegisterExtension
        final GatewayExtension gateway = GatewayExtension.onFakes();

        @ParameterizedTest
        @ValueSource(strings = {"+1", "01", "1;x=1", "1%20", "%201", "1.0", "0x1", "1e0"})
        void a_memory_id_not_in_canonical_form_is_a_400_naming_the_id(String spelling) {
            gateway.api().post("/v1/memory", "{\"category\":\"lesson\",\"content\":\"one\"}").assertJson(201);

            String answer = RawHttp.request(gateway.port(), "GET", "/v1/memory/" + spelling, null);

            assertThat(RawHttp.status(answer)).as(answer).isEqualTo(400);
            assertThat(answer).containsAnyOf("\"field\":\"id\"", "\"field\":\"path\"");
            gateway.api().get("/v1/memory/1").assertJson(200);
        }

        @ParameterizedTest
        @ValueSource(strings = {"+1", "01", "1;x=1", "1%20"})
        void a_fact_id_not_in_canonical_form_is_a_400(String spelling) {
            String answer = RawHttp.request(gateway.port(), "GET", "/v1/facts/" + spelling, null);

            assertThat(RawHttp.status(answer)).as(answer).isEqualTo(400);
            assertThat(answer).containsAnyOf("\"field\":\"id\"", "\"field\":\"path\"");
        }

        @Test
        void duplicate_authorization_headers_are_a_400_naming_the_header() {
            String answer = RawHttp.request(gateway.port(), "GET", "/v1/memory", null,
                    "Authorization: Bearer one", "Authorization: Bearer two");

            assertThat(RawHttp.status(answer)).as(answer).isEqualTo(400);
            assertThat(answer).contains("\"field\":\"Authorization\"");
        }

        @Test
        void duplicate_tenant_headers_are_a_400_and_write_nothing() {
            String answer = RawHttp.request(gateway.port(), "POST", "/v1/memory",
                    "{\"category\":\"lesson\",\"content\":\"where does this go?\"}",
                    "X-Strata-Tenant: alpha", "X-Strata-Tenant: beta");

            assertThat(RawHttp.status(answer)).as(answer).isEqualTo(400);
            assertThat(answer).contains("\"field\":\"X-Strata-Tenant\"");
            assertThat(gateway.backend().memoryStore.countActive(Tenant.of("alpha"), dev.strata.domain.memory.CategoryFilter.ALL)).isZero();
            assertThat(gateway.backend().memoryStore.countActive(Tenant.of("beta"), dev.strata.domain.memory.CategoryFilter.ALL)).isZero();
        }

        @Test
        void a_key_sent_while_authentication_is_off_is_refused_not_ignored() {
            HttpReply bearer = gateway.api().request("POST", "/v1/memory").bearer("sk-anything")
                    .json("{\"category\":\"lesson\",\"content\":\"meant for my key's tenant\"}").send();
            HttpReply header = gateway.api().request("GET", "/v1/memory").header("X-Strata-Key", "sk-anything").send();

            bearer.assertProblem(400, "Authorization");
            assertThat(bearer.json().getString("type")).isEqualTo("urn:strata:problem:authentication-off");
            header.assertProblem(400, "X-Strata-Key");
            assertThat(gateway.backend().memoryStore.countActive(Tenant.DEFAULT, dev.strata.domain.memory.CategoryFilter.ALL)).isZero();
        }

        @Test
        void a_lone_surrogate_in_text_is_a_400_naming_the_field_and_stores_nothing() {
            gateway.api().post("/v1/memory", "{\"category\":\"lesson\",\"content\":\"half \\ud800 a character\"}")
                    .assertProblem(400, "content");
            gateway.api().post("/v1/memory", "{\"category\":\"lesson\",\"content\":\"ok\",\"metadata\":{\"a\":"
                    + "[\"fine\",\"\\udc00\"]}}").assertProblem(400, "metadata.a[1]");
            gateway.api().post("/v1/memory/batch", "{\"memories\":[{\"category\":\"lesson\",\"content\":\"x\"},"
                    + "{\"category\":\"lesson\",\"content\":\"\\ud83d\"}]}").assertProblem(400, "memories[1].content");
            gateway.api().post("/v1/tools/memory_write", "{\"category\":\"lesson\",\"content\":\"\\udfff\"}")
                    .assertStatus(400);

            assertThat(gateway.backend().memoryStore.countActive(Tenant.DEFAULT, dev.strata.domain.memory.CategoryFilter.ALL)).isZero();
        }

        @Test
        void a_surrogate_pair_is_a_character_and_is_kept() {
            HttpReply written = gateway.api().post("/v1/memory",
                    "{\"category\":\"lesson\",\"content\":\"grin \\ud83d\\ude00\"}").assertJson(201);

            assertThat(written.json().getString("content")).isEqualTo("grin \ud83d\ude00");
        }
    }

    @Nested
    class WithAuthentication {

        @RegisterExtension
        final GatewayExtension gateway = GatewayExtension.onFakes().requiringAuth();

        private IssuedKey tenantKey;
        private IssuedKey adminKey;

        private void keys() {
            tenantKey = gateway.backend().access.create(Tenant.of("acme"), false, TestWrites.OPERATOR_ACTOR);
            adminKey = gateway.backend().access.create(Tenant.of("ops"), true, TestWrites.OPERATOR_ACTOR);
        }

        @Test
        void metrics_answer_admin_keys_only() {
            keys();

            gateway.request("GET", "/observe/metrics").bearer(tenantKey.token().value()).send().assertProblem(403);
            gateway.request("GET", "/observe/metrics").send().assertStatus(401);
            assertThat(gateway.request("GET", "/observe/metrics").bearer(adminKey.token().value()).send().status())
                    .isEqualTo(200);
        }

        @Test
        void health_names_its_checks_to_anyone_and_shows_their_data_to_admin_keys_only() {
            keys();

            var open = gateway.request("GET", "/observe/health").send().assertJson(200).json();
            var tenant = gateway.request("GET", "/observe/health").bearer(tenantKey.token().value()).send().json();
            var admin = gateway.request("GET", "/observe/health").bearer(adminKey.token().value()).send().json();

            assertThat(open.getJsonArray("checks").getJsonObject(1).getString("name")).isEqualTo("model");
            assertThat(open.getJsonArray("checks").getJsonObject(1).containsKey("data")).isFalse();
            assertThat(tenant.getJsonArray("checks").getJsonObject(1).containsKey("data")).isFalse();
            assertThat(admin.getJsonArray("checks").getJsonObject(1).getJsonObject("data").getString("circuit"))
                    .isEqualTo("closed");
        }

        @Test
        void duplicate_authorization_headers_are_a_400_even_when_both_are_valid() {
            keys();

            String answer = RawHttp.request(gateway.port(), "GET", "/v1/memory", null,
                    "Authorization: Bearer " + tenantKey.token().value(), "Authorization: Bearer " + adminKey.token().value());

            assertThat(RawHttp.status(answer)).as(answer).isEqualTo(400);
            assertThat(answer).contains("\"field\":\"Authorization\"");
        }
    }
}
