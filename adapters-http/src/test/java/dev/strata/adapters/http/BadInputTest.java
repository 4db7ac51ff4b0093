package dev.strata.adapters.http;

import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.profile.ProfileEntry;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every endpoint refuses bad input with a 4xx that names the field to fix, as
 * {@code application/problem+json} (the tools: as their error envelope), and a refused request
 * changes nothing that is stored.
 */
class BadInputTest {

    private static final String ID = "{id}";
    private static final String UNKNOWN_ID = "987654321";
    private static final int OVER_BODY_LIMIT = (int) GatewaySettings.DEFAULT_MAX_BODY_BYTES + 1;

    @RegisterExtension
    static final GatewayExtension gateway = GatewayExtension.onFakes();
    private static long seededId;

    @BeforeAll
    static void startGatewayWithOneMemoryAndOneProfileEntry() {
        seededId = gateway.api().post("/v1/memory", """
                {"category":"preference","content":"always use 0.5% slippage","metadata":{"k":"v"}}""")
                .assertJson(201).id();
        gateway.api().put("/v1/profile/risk", "{\"value\":\"low\"}").assertJson(200);
    }

    static Stream<BadRequest> problems() {
        List<BadRequest> cases = new ArrayList<>();
        cases.addAll(jsonBodyCases("POST", "/v1/memory"));
        cases.addAll(writeFieldCases());
        cases.addAll(batchCases());
        cases.addAll(listCases());
        cases.addAll(idCases());
        cases.addAll(patchCases());
        cases.addAll(searchCases());
        cases.addAll(profileCases());
        cases.addAll(tenantCases());
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("problems")
    void is_refused_as_a_problem_naming_the_field_and_changes_nothing(BadRequest bad) {
        Stored before = Stored.now();

        HttpReply reply = bad.send(gateway, seededId);

        reply.assertProblem(bad.status(), bad.field());
        assertThat(reply.json().getString("instance"))
                .isEqualTo(URI.create(bad.path().replace(ID, Long.toString(seededId))).getPath());
        assertThat(Stored.now()).isEqualTo(before);
    }

    static Stream<BadRequest> toolProblems() {
        List<BadRequest> cases = new ArrayList<>();
        for (String tool : List.of("memory_write", "memory_search", "memory_read")) {
            cases.addAll(jsonBodyCases("POST", "/v1/tools/" + tool));
            cases.add(BadRequest.post("/v1/tools/" + tool, "{\"colour\":\"red\"}", 400, "colour"));
            cases.add(BadRequest.post("/v1/tools/" + tool, "{}", 400, "X-Strata-Tenant").tenant("Not Valid"));
        }
        cases.add(BadRequest.post("/v1/tools/memory_write", "{\"content\":\"x\"}", 400, "category"));
        cases.add(BadRequest.post("/v1/tools/memory_write", "{\"category\":5,\"content\":\"x\"}", 400, "category"));
        cases.add(BadRequest.post("/v1/tools/memory_write", "{\"category\":\"Bad One\",\"content\":\"x\"}", 400,
                "category"));
        cases.add(BadRequest.post("/v1/tools/memory_write", "{\"category\":\"fact\"}", 400, "content"));
        cases.add(BadRequest.post("/v1/tools/memory_write", "{\"category\":\"fact\",\"content\":\" \"}", 400,
                "content"));
        cases.add(BadRequest.post("/v1/tools/memory_write", "{\"category\":\"fact\",\"content\":\""
                + "x".repeat(8_193) + "\"}", 400, "content"));
        cases.add(BadRequest.post("/v1/tools/memory_write", "{\"category\":\"fact\",\"content\":\"x\",\"metadata\":[]}",
                400, "metadata"));
        cases.add(BadRequest.post("/v1/tools/memory_write", "{\"category\":\"fact\",\"content\":\"x\",\"metadata\":"
                + bigMetadata() + "}", 400, "metadata"));
        cases.add(BadRequest.post("/v1/tools/memory_write", "{\"category\":\"fact\",\"content\":\"x\",\"source\":\"robot\"}",
                400, "source"));
        cases.add(BadRequest.post("/v1/tools/memory_search", "{\"limit\":5}", 400, "query"));
        cases.add(BadRequest.post("/v1/tools/memory_search", "{\"query\":\"x\",\"category\":5}", 400, "category"));
        cases.add(BadRequest.post("/v1/tools/memory_search", "{\"query\":\"  \"}", 400, "query"));
        cases.add(BadRequest.post("/v1/tools/memory_search", "{\"query\":5}", 400, "query"));
        cases.add(BadRequest.post("/v1/tools/memory_search", "{\"query\":\"x\",\"limit\":0}", 400, "limit"));
        cases.add(BadRequest.post("/v1/tools/memory_search", "{\"query\":\"x\",\"limit\":1000}", 400, "limit"));
        cases.add(BadRequest.post("/v1/tools/memory_search", "{\"query\":\"x\",\"limit\":\"x\"}", 400, "limit"));
        cases.add(BadRequest.post("/v1/tools/memory_search", "{\"query\":\"x\",\"max_results\":0}", 400, "limit"));
        cases.add(BadRequest.post("/v1/tools/memory_search", "{\"query\":\"x\",\"max_results\":\"5\"}", 400,
                "max_results"));
        cases.add(BadRequest.post("/v1/tools/memory_search", "{\"query\":\"x\",\"limit\":5,\"max_results\":5}", 400,
                "max_results"));
        cases.add(BadRequest.post("/v1/tools/memory_read", "{\"category\":5}", 400, "category"));
        cases.add(BadRequest.post("/v1/tools/memory_read", "{\"limit\":0}", 400, "limit"));
        cases.add(BadRequest.post("/v1/tools/memory_read", "{\"limit\":1000}", 400, "limit"));
        cases.add(BadRequest.post("/v1/tools/memory_read", "{\"limit\":2.5}", 400, "limit"));
        cases.add(BadRequest.post("/v1/tools/memory_read", "{\"category\":\"Not A Slug\"}", 400, "category"));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("toolProblems")
    void tools_refuse_with_the_error_envelope_naming_the_field_and_change_nothing(BadRequest bad) {
        Stored before = Stored.now();

        HttpReply reply = bad.send(gateway, seededId);

        reply.assertStatus(bad.status());
        assertThat(reply.contentType()).startsWith("application/json");
        JsonObject envelope = reply.json();
        assertThat(envelope.getBoolean("ok")).isFalse();
        assertThat(envelope.getString("error")).isNotBlank();
        assertThat(envelope.getString("field", null)).as("field of %s", reply.text()).isEqualTo(bad.field());
        assertThat(envelope.containsKey("data")).isFalse();
        assertThat(Stored.now()).isEqualTo(before);
    }

    @Test
    void a_batch_with_one_bad_element_stores_nothing() {
        GatewayExtension.Api api = gateway.api("batch-all-or-nothing");
        String batch = IntStream.range(0, 6)
                .mapToObj(i -> "{\"category\":\"fact\",\"content\":\"" + (i == 3 ? " " : "row " + i) + "\"}")
                .collect(Collectors.joining(",", "{\"memories\":[", "]}"));

        api.post("/v1/memory/batch", batch).assertProblem(400, "memories[3].content");

        assertThat(api.get("/v1/memory?limit=500").assertJson(200).memories()).isEmpty();
        assertThat(api.post("/v1/memory/search", "{\"query\":\"row\"}").assertJson(200).array("hits")).isEmpty();
    }

    @Test
    void a_batch_over_the_maximum_stores_nothing() {
        GatewayExtension.Api api = gateway.api("batch-too-big");
        String batch = IntStream.range(0, 1_001)
                .mapToObj(i -> "{\"category\":\"fact\",\"content\":\"row " + i + "\"}")
                .collect(Collectors.joining(",", "{\"memories\":[", "]}"));

        api.post("/v1/memory/batch", batch).assertProblem(400, "memories");

        assertThat(api.get("/v1/memory").assertJson(200).memories()).isEmpty();
    }

    @Test
    void content_of_exactly_the_maximum_is_accepted_and_one_more_is_not() {
        GatewayExtension.Api api = gateway.api("content-boundary");

        api.post("/v1/memory", "{\"category\":\"fact\",\"content\":\"" + "x".repeat(8_192) + "\"}").assertJson(201);
        api.post("/v1/memory", "{\"category\":\"fact\",\"content\":\"" + "x".repeat(8_193) + "\"}")
                .assertProblem(400, "content");

        assertThat(api.get("/v1/memory").assertJson(200).memories()).hasSize(1);
    }

    @Test
    void a_body_just_under_the_byte_limit_is_read_in_full() {
        GatewayExtension.Api api = gateway.api("body-boundary");
        String padding = " ".repeat((int) GatewaySettings.DEFAULT_MAX_BODY_BYTES - 100);
        String body = "{\"category\":\"fact\",\"content\":\"padded\"}" + padding;

        api.post("/v1/memory", body).assertJson(201);
        api.request("POST", "/v1/memory").json(body).chunked().send().assertJson(201);
    }

    @Test
    void the_problem_document_carries_a_stable_type_and_the_request_path() {
        JsonObject problem = gateway.api().post("/v1/memory", "{\"category\":\"fact\"}")
                .assertProblem(400, "content").json();

        assertThat(problem.getString("type")).isEqualTo("urn:strata:problem:invalid-input");
        assertThat(problem.getString("title")).isEqualTo("Invalid input");
        assertThat(problem.getString("detail")).contains("content");
        assertThat(problem.getString("instance")).isEqualTo("/v1/memory");
    }

    // ---- case catalogue -------------------------------------------------------------------------------

    /** What every JSON-bodied endpoint must refuse before looking at a single field. */
    private static List<BadRequest> jsonBodyCases(String method, String path) {
        byte[] invalidUtf8 = concat("{\"category\":\"fact\",\"content\":\"".getBytes(StandardCharsets.UTF_8),
                new byte[] {(byte) 0xC3, (byte) 0x28, (byte) 0xFF}, "\"}".getBytes(StandardCharsets.UTF_8));
        String oversize = "{\"content\":\"" + "x".repeat(OVER_BODY_LIMIT) + "\"}";
        return List.of(
                new BadRequest(method, path, "{\"category\":", 400, "body"),
                new BadRequest(method, path, "{'single':'quotes'}", 400, "body"),
                new BadRequest(method, path, "{\"a\":1}}", 400, "body"),
                new BadRequest(method, path, "{\"content\":\"a\",\"content\":\"b\"}", 400, "body"),
                new BadRequest(method, path, "{\"metadata\":{\"k\":1,\"k\":2}}", 400, "body"),
                new BadRequest(method, path, "", 400, "body"),
                new BadRequest(method, path, "[{\"category\":\"fact\"}]", 400, "body"),
                new BadRequest(method, path, "\"just a string\"", 400, "body"),
                new BadRequest(method, path, "42", 400, "body"),
                new BadRequest(method, path, "null", 400, "body"),
                new BadRequest(method, path, "[".repeat(40) + "]".repeat(40), 400, "body"),
                new BadRequest(method, path, invalidUtf8, 400, "body").describe("invalid UTF-8"),
                new BadRequest(method, path, oversize, 413, "body").describe("body over the byte limit"),
                new BadRequest(method, path, oversize, 413, "body").chunked().describe("chunked body over the limit"),
                new BadRequest(method, path, "{}", 415, "Content-Type").contentType("application/xml"),
                new BadRequest(method, path, "{}", 415, "Content-Type").contentType("multipart/form-data; boundary=x"));
    }

    private static List<BadRequest> writeFieldCases() {
        String p = "/v1/memory";
        return List.of(
                BadRequest.post(p, "{\"content\":\"x\"}", 400, "category"),
                BadRequest.post(p, "{\"category\":5,\"content\":\"x\"}", 400, "category"),
                BadRequest.post(p, "{\"category\":\"\",\"content\":\"x\"}", 400, "category"),
                BadRequest.post(p, "{\"category\":\"Not A Slug!\",\"content\":\"x\"}", 400, "category"),
                BadRequest.post(p, "{\"category\":[\"fact\"],\"content\":\"x\"}", 400, "category"),
                BadRequest.post(p, "{\"category\":\"fact\"}", 400, "content"),
                BadRequest.post(p, "{\"category\":\"fact\",\"content\":null}", 400, "content"),
                BadRequest.post(p, "{\"category\":\"fact\",\"content\":5}", 400, "content"),
                BadRequest.post(p, "{\"category\":\"fact\",\"content\":true}", 400, "content"),
                BadRequest.post(p, "{\"category\":\"fact\",\"content\":{\"text\":\"x\"}}", 400, "content"),
                BadRequest.post(p, "{\"category\":\"fact\",\"content\":\"\"}", 400, "content"),
                BadRequest.post(p, "{\"category\":\"fact\",\"content\":\" \\n\\t \"}", 400, "content"),
                BadRequest.post(p, "{\"category\":\"fact\",\"content\":\"a\\u0000b\"}", 400, "content"),
                BadRequest.post(p, "{\"category\":\"fact\",\"content\":\"" + "x".repeat(8_193) + "\"}", 400, "content"),
                BadRequest.post(p, "{\"category\":\"fact\",\"content\":\"x\",\"metadata\":[]}", 400, "metadata"),
                BadRequest.post(p, "{\"category\":\"fact\",\"content\":\"x\",\"metadata\":\"str\"}", 400, "metadata"),
                BadRequest.post(p, "{\"category\":\"fact\",\"content\":\"x\",\"metadata\":5}", 400, "metadata"),
                BadRequest.post(p, "{\"category\":\"fact\",\"content\":\"x\",\"metadata\":" + bigMetadata() + "}", 400,
                        "metadata"),
                BadRequest.post(p, "{\"category\":\"fact\",\"content\":\"x\",\"source\":\"robot\"}", 400, "source"),
                BadRequest.post(p, "{\"category\":\"fact\",\"content\":\"x\",\"source\":5}", 400, "source"),
                BadRequest.post(p, "{\"catgory\":\"fact\",\"content\":\"x\"}", 400, "catgory"),
                BadRequest.post(p, "{\"category\":\"fact\",\"content\":\"x\",\"id\":7}", 400, "id"));
    }

    private static List<BadRequest> batchCases() {
        String p = "/v1/memory/batch";
        List<BadRequest> cases = new ArrayList<>(jsonBodyCases("POST", p).stream()
                .filter(c -> c.status() != 413).toList());
        cases.add(BadRequest.post(p, "{}", 400, "memories"));
        cases.add(BadRequest.post(p, "{\"memories\":null}", 400, "memories"));
        cases.add(BadRequest.post(p, "{\"memories\":{}}", 400, "memories"));
        cases.add(BadRequest.post(p, "{\"memories\":\"x\"}", 400, "memories"));
        cases.add(BadRequest.post(p, "{\"memories\":[]}", 400, "memories"));
        cases.add(BadRequest.post(p, "{\"memories\":[],\"extra\":1}", 400, "extra"));
        cases.add(BadRequest.post(p, batch(1_001, -1, null), 400, "memories").describe("1,001 memories"));
        cases.add(BadRequest.post(p, "{\"memories\":[5]}", 400, "memories[0]"));
        cases.add(BadRequest.post(p, batch(6, 3, "\"category\":\"fact\",\"content\":\" \""), 400,
                "memories[3].content"));
        cases.add(BadRequest.post(p, batch(6, 3, "\"category\":\"fact\""), 400, "memories[3].content"));
        cases.add(BadRequest.post(p, batch(6, 3, "\"category\":\"fact\",\"content\":5"), 400, "memories[3].content"));
        cases.add(BadRequest.post(p, batch(6, 3, "\"category\":\"fact\",\"content\":\"" + "x".repeat(8_193) + "\""),
                400, "memories[3].content"));
        cases.add(BadRequest.post(p, batch(6, 3, "\"category\":\"Bad One\",\"content\":\"x\""), 400,
                "memories[3].category"));
        cases.add(BadRequest.post(p, batch(6, 3, "\"content\":\"x\""), 400, "memories[3].category"));
        cases.add(BadRequest.post(p, batch(6, 3, "\"category\":\"fact\",\"content\":\"x\",\"metadata\":[]"), 400,
                "memories[3].metadata"));
        cases.add(BadRequest.post(p, batch(6, 3, "\"category\":\"fact\",\"content\":\"x\",\"metadata\":"
                + bigMetadata()), 400, "memories[3].metadata"));
        cases.add(BadRequest.post(p, batch(6, 3, "\"category\":\"fact\",\"content\":\"x\",\"source\":\"robot\""), 400,
                "memories[3].source"));
        cases.add(BadRequest.post(p, batch(6, 3, "\"category\":\"fact\",\"content\":\"x\",\"colour\":\"red\""), 400,
                "memories[3].colour"));
        return cases;
    }

    private static List<BadRequest> listCases() {
        List<BadRequest> cases = new ArrayList<>();
        for (String limit : List.of("0", "-1", "501", "1000", "x", "1.5", "99999999999", "")) {
            cases.add(BadRequest.get("/v1/memory?limit=" + limit, 400, "limit"));
        }
        cases.add(BadRequest.get("/v1/memory?category=Not%20A%20Slug", 400, "category"));
        cases.add(BadRequest.get("/v1/memory?category=", 400, "category"));
        return cases;
    }

    /** Path ids on every {@code /v1/memory/{id}} route: malformed ids are 400, unknown ones 404. */
    private static List<BadRequest> idCases() {
        List<BadRequest> cases = new ArrayList<>();
        String patch = "{\"content\":\"changed\"}";
        for (String id : List.of("abc", "-5", "0", "1.5", "99999999999999999999", "%20")) {
            cases.add(BadRequest.get("/v1/memory/" + id, 400, "id"));
            cases.add(new BadRequest("PATCH", "/v1/memory/" + id, patch, 400, "id"));
            cases.add(new BadRequest("DELETE", "/v1/memory/" + id, (byte[]) null, 400, "id"));
            cases.add(BadRequest.post("/v1/memory/" + id + "/restore", "", 400, "id"));
        }
        cases.add(BadRequest.get("/v1/memory/" + UNKNOWN_ID, 404, "id"));
        cases.add(new BadRequest("PATCH", "/v1/memory/" + UNKNOWN_ID, patch, 404, "id"));
        cases.add(new BadRequest("DELETE", "/v1/memory/" + UNKNOWN_ID, (byte[]) null, 404, "id"));
        cases.add(BadRequest.post("/v1/memory/" + UNKNOWN_ID + "/restore", "", 404, "id"));
        return cases;
    }

    private static List<BadRequest> patchCases() {
        String p = "/v1/memory/" + ID;
        List<BadRequest> cases = new ArrayList<>(jsonBodyCases("PATCH", p));
        cases.add(new BadRequest("PATCH", p, "{}", 400, "body"));
        cases.add(new BadRequest("PATCH", p, "{\"content\":null,\"metadata\":null}", 400, "body"));
        cases.add(new BadRequest("PATCH", p, "{\"content\":\"\"}", 400, "content"));
        cases.add(new BadRequest("PATCH", p, "{\"content\":\"  \"}", 400, "content"));
        cases.add(new BadRequest("PATCH", p, "{\"content\":5}", 400, "content"));
        cases.add(new BadRequest("PATCH", p, "{\"content\":\"" + "x".repeat(8_193) + "\"}", 400, "content"));
        cases.add(new BadRequest("PATCH", p, "{\"metadata\":[]}", 400, "metadata"));
        cases.add(new BadRequest("PATCH", p, "{\"metadata\":\"str\"}", 400, "metadata"));
        cases.add(new BadRequest("PATCH", p, "{\"metadata\":" + bigMetadata() + "}", 400, "metadata"));
        cases.add(new BadRequest("PATCH", p, "{\"category\":\"lesson\"}", 400, "category"));
        cases.add(new BadRequest("PATCH", p, "{\"content\":\"ok\",\"source\":\"inferred\"}", 400, "source"));
        cases.add(new BadRequest("PATCH", "/v1/memory/" + UNKNOWN_ID, "{\"content\":5}", 400, "content"));
        return cases;
    }

    private static List<BadRequest> searchCases() {
        String p = "/v1/memory/search";
        List<BadRequest> cases = new ArrayList<>(jsonBodyCases("POST", p));
        cases.add(BadRequest.post(p, "{}", 400, "query"));
        cases.add(BadRequest.post(p, "{\"limit\":5}", 400, "query"));
        cases.add(BadRequest.post(p, "{\"query\":\"\"}", 400, "query"));
        cases.add(BadRequest.post(p, "{\"query\":\"   \"}", 400, "query"));
        cases.add(BadRequest.post(p, "{\"query\":5}", 400, "query"));
        cases.add(BadRequest.post(p, "{\"query\":[\"slippage\"]}", 400, "query"));
        cases.add(BadRequest.post(p, "{\"query\":\"" + "slippage ".repeat(112) + "\"}", 400, "query"));
        cases.add(BadRequest.post(p, "{\"query\":\"x\",\"limit\":0}", 400, "limit"));
        cases.add(BadRequest.post(p, "{\"query\":\"x\",\"limit\":-3}", 400, "limit"));
        cases.add(BadRequest.post(p, "{\"query\":\"x\",\"limit\":101}", 400, "limit"));
        cases.add(BadRequest.post(p, "{\"query\":\"x\",\"limit\":1000}", 400, "limit"));
        cases.add(BadRequest.post(p, "{\"query\":\"x\",\"limit\":\"x\"}", 400, "limit"));
        cases.add(BadRequest.post(p, "{\"query\":\"x\",\"limit\":\"5\"}", 400, "limit"));
        cases.add(BadRequest.post(p, "{\"query\":\"x\",\"limit\":2.5}", 400, "limit"));
        cases.add(BadRequest.post(p, "{\"query\":\"x\",\"limit\":12345678901234}", 400, "limit"));
        cases.add(BadRequest.post(p, "{\"query\":\"x\",\"category\":5}", 400, "category"));
        cases.add(BadRequest.post(p, "{\"query\":\"x\",\"category\":\"Bad One\"}", 400, "category"));
        cases.add(BadRequest.post(p, "{\"query\":\"x\",\"max_results\":5}", 400, "max_results"));
        return cases;
    }

    private static List<BadRequest> profileCases() {
        String p = "/v1/profile/risk";
        List<BadRequest> cases = new ArrayList<>(jsonBodyCases("PUT", p));
        cases.add(new BadRequest("PUT", p, "{}", 400, "value"));
        cases.add(new BadRequest("PUT", p, "{\"value\":5}", 400, "value"));
        cases.add(new BadRequest("PUT", p, "{\"value\":\"\"}", 400, "value"));
        cases.add(new BadRequest("PUT", p, "{\"value\":\"two\\nlines\"}", 400, "value"));
        cases.add(new BadRequest("PUT", p, "{\"value\":\"" + "x".repeat(2_001) + "\"}", 400, "value"));
        cases.add(new BadRequest("PUT", p, "{\"value\":\"high\",\"key\":\"other\"}", 400, "key"));
        for (String key : List.of("BAD", "has%20space", "-lead", "k".repeat(65))) {
            cases.add(new BadRequest("PUT", "/v1/profile/" + key, "{\"value\":\"x\"}", 400, "key"));
            cases.add(BadRequest.get("/v1/profile/" + key, 400, "key"));
            cases.add(new BadRequest("DELETE", "/v1/profile/" + key, (byte[]) null, 400, "key"));
        }
        cases.add(BadRequest.get("/v1/profile/unknown_key", 404, "key"));
        cases.add(new BadRequest("DELETE", "/v1/profile/unknown_key", (byte[]) null, 404, "key"));
        return cases;
    }

    /** An invalid tenant header is refused on every route, before anything else is looked at. */
    private static List<BadRequest> tenantCases() {
        List<BadRequest> routes = List.of(
                BadRequest.post("/v1/memory", "{\"category\":\"fact\",\"content\":\"x\"}", 400, "X-Strata-Tenant"),
                BadRequest.post("/v1/memory/batch", batch(2, -1, null), 400, "X-Strata-Tenant"),
                BadRequest.get("/v1/memory", 400, "X-Strata-Tenant"),
                BadRequest.get("/v1/memory/" + ID, 400, "X-Strata-Tenant"),
                new BadRequest("PATCH", "/v1/memory/" + ID, "{\"content\":\"x\"}", 400, "X-Strata-Tenant"),
                new BadRequest("DELETE", "/v1/memory/" + ID, (byte[]) null, 400, "X-Strata-Tenant"),
                BadRequest.post("/v1/memory/" + ID + "/restore", "", 400, "X-Strata-Tenant"),
                BadRequest.post("/v1/memory/search", "{\"query\":\"slippage\"}", 400, "X-Strata-Tenant"),
                BadRequest.get("/v1/snapshot", 400, "X-Strata-Tenant"),
                BadRequest.get("/v1/profile", 400, "X-Strata-Tenant"),
                BadRequest.get("/v1/profile/risk", 400, "X-Strata-Tenant"),
                new BadRequest("PUT", "/v1/profile/risk", "{\"value\":\"x\"}", 400, "X-Strata-Tenant"),
                new BadRequest("DELETE", "/v1/profile/risk", (byte[]) null, 400, "X-Strata-Tenant"));
        List<BadRequest> cases = new ArrayList<>();
        for (String tenant : List.of("Not Valid", "UPPER", "../etc", "-lead", "t".repeat(65), "a;b", "")) {
            for (BadRequest route : routes) {
                cases.add(route.tenant(tenant));
            }
        }
        return cases;
    }

    private static String batch(int size, int badIndex, String badItem) {
        return IntStream.range(0, size)
                .mapToObj(i -> "{" + (i == badIndex ? badItem : "\"category\":\"fact\",\"content\":\"row " + i + "\"")
                        + "}")
                .collect(Collectors.joining(",", "{\"memories\":[", "]}"));
    }

    private static String bigMetadata() {
        return "{\"notes\":\"" + "m".repeat(4_100) + "\"}";
    }

    private static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] part : parts) {
            n += part.length;
        }
        byte[] out = new byte[n];
        int at = 0;
        for (byte[] part : parts) {
            System.arraycopy(part, 0, out, at, part.length);
            at += part.length;
        }
        return out;
    }

    /** Everything a refused request could have touched. */
    private record Stored(List<Memory> memories, long count, List<ProfileEntry> profile, List<AuditEntry> audit) {

        static Stored now() {
            return new Stored(gateway.backend().memoryStore.list(Tenant.DEFAULT, Optional.empty(), 1_000),
                    gateway.backend().memoryStore.count(Tenant.DEFAULT), gateway.backend().profileStore.all(Tenant.DEFAULT),
                    gateway.backend().audit.recent(Tenant.DEFAULT, 1_000));
        }
    }
}
