package dev.strata.adapters.http;

import dev.strata.application.access.IssuedKey;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/** Authentication on a real socket: 401, 403, admin keys, what stays open. */
class AuthenticationTest {

    @RegisterExtension
    static final GatewayExtension gateway = GatewayExtension.onFakes().requiringAuth();

    private static IssuedKey acme;
    private static IssuedKey admin;

    @BeforeAll
    static void issueKeys() {
        acme = gateway.backend().access.create(Tenant.of("acme"), false, TestWrites.OPERATOR_ACTOR);
        admin = gateway.backend().access.create(Tenant.of("ops"), true, TestWrites.OPERATOR_ACTOR);
    }

    /** {@code Authorization: Bearer <token>}, then {@code more} headers (name, value, ...). */
    private static String[] bearer(String token, String... more) {
        String[] all = new String[more.length + 2];
        all[0] = "Authorization";
        all[1] = "Bearer " + token;
        System.arraycopy(more, 0, all, 2, more.length);
        return all;
    }

    private static final String WRITE = "{\"category\":\"lesson\",\"content\":\"acme private lesson\"}";

    @Test
    void a_missing_key_is_a_401_problem_with_a_bearer_challenge() {
        HttpReply res = gateway.send("GET", "/v1/memory", null);

        assertThat(res.status()).isEqualTo(401);
        assertThat(res.headers().firstValue("WWW-Authenticate")).contains("Bearer realm=\"strata\"");
        assertThat(res.headers().firstValue("Content-Type")).contains("application/problem+json");
        assertThat(res.json().getString("type")).isEqualTo("urn:strata:problem:unauthorized");
    }

    @Test
    void a_malformed_unknown_or_foreign_scheme_key_is_a_401() {
        String unknown = acme.token().value().replace(acme.key().id(), "zzzzzzzzzzzz");
        for (String[] headers : new String[][] {
                bearer("nonsense"), bearer(unknown), {"Authorization", "Basic dXNlcjpwYXNz"},
                {"X-Strata-Key", "sk_strata_bad"}}) {
            HttpReply res = gateway.send("GET", "/v1/memory", null, headers);
            assertThat(res.status()).as(String.join(" ", headers)).isEqualTo(401);
            assertThat(res.headers().firstValue("WWW-Authenticate").orElseThrow()).contains("invalid_token");
        }
    }

    @Test
    void a_revoked_key_stops_working_at_once() {
        IssuedKey temporary = gateway.backend().access.create(Tenant.of("acme"), false, TestWrites.OPERATOR_ACTOR);
        assertThat(gateway.send("GET", "/v1/memory", null, bearer(temporary.token().value())).status())
                .isEqualTo(200);
        gateway.backend().access.revoke(temporary.key().id(), TestWrites.OPERATOR_ACTOR);
        assertThat(gateway.send("GET", "/v1/memory", null, bearer(temporary.token().value())).status())
                .isEqualTo(401);
    }

    @Test
    void a_tenant_key_acts_in_its_tenant_with_or_without_a_matching_header() {
        HttpReply written = gateway.send("POST", "/v1/memory", WRITE, bearer(acme.token().value()));
        assertThat(written.status()).isEqualTo(201);
        long id = written.json().getJsonNumber("id").longValue();

        assertThat(gateway.send("GET", "/v1/memory/" + id, null,
                bearer(acme.token().value(), "X-Strata-Tenant", "acme")).status()).isEqualTo(200);
        assertThat(gateway.send("GET", "/v1/memory/" + id, null, "X-Strata-Key", acme.token().value()).status())
                .isEqualTo(200);
        assertThat(gateway.backend().memories.get(Tenant.of("acme"), dev.strata.domain.memory.MemoryId.of(id)).content())
                .isEqualTo("acme private lesson");
    }

    @Test
    void a_tenant_key_naming_another_tenant_is_a_403_and_sees_nothing() {
        HttpReply res = gateway.send("GET", "/v1/memory", null,
                bearer(acme.token().value(), "X-Strata-Tenant", "beta"));

        assertThat(res.status()).isEqualTo(403);
        assertThat(res.json().getString("type")).isEqualTo("urn:strata:problem:forbidden");
        assertThat(res.json().getString("field")).isEqualTo("X-Strata-Tenant");
        assertThat(res.text()).doesNotContain("memories");
    }

    @Test
    void an_invalid_tenant_header_is_a_400_naming_the_header() {
        HttpReply res = gateway.send("GET", "/v1/memory", null,
                bearer(admin.token().value(), "X-Strata-Tenant", "Robert'); DROP TABLE"));
        assertThat(res.status()).isEqualTo(400);
        assertThat(res.json().getString("field")).isEqualTo("X-Strata-Tenant");
    }

    @Test
    void an_admin_key_may_act_in_any_tenant_and_defaults_to_its_own() {
        HttpReply written = gateway.send("POST", "/v1/memory",
                "{\"category\":\"lesson\",\"content\":\"written by ops into gamma\"}",
                bearer(admin.token().value(), "X-Strata-Tenant", "gamma"));
        assertThat(written.status()).isEqualTo(201);

        assertThat(gateway.backend().memories.list(Tenant.of("gamma"), java.util.Optional.empty(), java.util.Optional.empty()))
                .hasSize(1);
        assertThat(gateway.send("GET", "/v1/memory", null, bearer(admin.token().value())).json()
                .getJsonArray("memories")).isEmpty();
    }

    @Test
    void health_stays_open_but_metrics_and_unknown_v1_paths_need_a_key() {
        assertThat(gateway.send("GET", "/observe/health", null).status()).isBetween(200, 204);
        assertThat(gateway.send("GET", "/observe/metrics", null).status()).isEqualTo(401);
        // Past authentication; whether metrics then answer depends on the metrics runtime on the class path.
        assertThat(gateway.send("GET", "/observe/metrics", null, bearer(admin.token().value())).status())
                .isNotEqualTo(401);
        assertThat(gateway.send("GET", "/v1/nothing-here", null).status()).isEqualTo(401);
        assertThat(gateway.send("GET", "/v1/nothing-here", null, bearer(acme.token().value())).status())
                .isEqualTo(404);
    }

    @Test
    void oddly_spelled_paths_never_reach_data_without_a_key() throws Exception {
        gateway.backend().memories.write(new dev.strata.application.memory.WriteMemory(Tenant.DEFAULT, "lesson",
                "default-tenant-marker", dev.strata.domain.memory.Metadata.EMPTY,
                TestWrites.OPERATOR));
        for (String path : new String[] {"//v1/memory", "/./v1/memory", "/observe/health/../../v1/memory",
                "/observe/health/%2e%2e/%2e%2e/v1/memory", "/v1/./memory", "/V1/memory", "/v1/memory/",
                "/observe/health//../../v1/memory"}) {
            String response = rawGet(path);
            assertThat(response).as(path).startsWith("HTTP/1.1 4").doesNotContain("default-tenant-marker");
        }
    }

    /** A request line sent byte for byte (no client normalises the path); reads one response. */
    private static String rawGet(String path) throws java.io.IOException {
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", gateway.port())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: localhost\r\n\r\n")
                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            java.io.InputStream in = socket.getInputStream();
            StringBuilder head = new StringBuilder();
            while (!head.toString().endsWith("\r\n\r\n")) {
                int b = in.read();
                if (b < 0) {
                    break;
                }
                head.append((char) b);
            }
            java.util.regex.Matcher length = java.util.regex.Pattern.compile("(?i)content-length: *(\\d+)")
                    .matcher(head);
            byte[] body;
            if (length.find()) {
                body = in.readNBytes(Integer.parseInt(length.group(1)));
            } else {
                java.io.ByteArrayOutputStream chunks = new java.io.ByteArrayOutputStream();
                while (!chunks.toString(java.nio.charset.StandardCharsets.UTF_8).endsWith("\r\n0\r\n\r\n")
                        && !chunks.toString(java.nio.charset.StandardCharsets.UTF_8).startsWith("0\r\n\r\n")) {
                    int b = in.read();
                    if (b < 0) {
                        break;
                    }
                    chunks.write(b);
                }
                body = chunks.toByteArray();
            }
            return head + new String(body, java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    @Test
    void with_authentication_off_the_tenant_header_decides_as_before() {
        try (GatewayExtension.Running open = GatewayExtension.onFakes().start()) {
            HttpReply written = open.send("POST", "/v1/memory", WRITE, "X-Strata-Tenant", "acme");
            assertThat(written.status()).isEqualTo(201);
            assertThat(open.send("GET", "/v1/memory", null, "X-Strata-Tenant", "acme").json()
                    .getJsonArray("memories")).hasSize(1);
            assertThat(open.send("GET", "/v1/memory", null).json().getJsonArray("memories")).isEmpty();
            assertThat(open.send("GET", "/observe/metrics", null).status()).isNotEqualTo(401);
        }
    }
}
