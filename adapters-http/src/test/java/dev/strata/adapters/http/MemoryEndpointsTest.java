package dev.strata.adapters.http;

import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.memory.Tenant;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/** The {@code /v1/memory} resource on its happy paths, over a real socket. */
class MemoryEndpointsTest {

    private static final AtomicInteger TENANTS = new AtomicInteger();

    @RegisterExtension
    static final GatewayExtension gateway = GatewayExtension.onFakes();

    private Tenant tenant;
    private GatewayExtension.Api api;

    @BeforeEach
    void freshTenant() {
        // Each test writes into its own tenant, so tests sharing the gateway cannot see each other's rows.
        tenant = Tenant.of("endpoints-" + TENANTS.incrementAndGet());
        api = gateway.api(tenant.value());
    }

    private long write(String category, String content) {
        gateway.backend().clock.advance(Duration.ofMinutes(1));
        return api.post("/v1/memory", "{\"category\":\"" + category + "\",\"content\":\"" + content + "\"}")
                .assertJson(201).id();
    }

    @Test
    void writeAnswers201WithTheStoredMemoryAndItsId() {
        HttpReply reply = api.post("/v1/memory", """
                {"category":"preference","content":"  always use 0.5% slippage on swaps ",
                 "metadata":{"source":"user_turn","confidence":0.95}}""").assertJson(201);

        JsonObject m = reply.json();
        assertThat(m.getJsonNumber("id").longValueExact()).isPositive();
        assertThat(m.getString("category")).isEqualTo("preference");
        assertThat(m.getString("content")).isEqualTo("always use 0.5% slippage on swaps");
        assertThat(m.getJsonObject("metadata").getString("source")).isEqualTo("user_turn");
        assertThat(m.getJsonObject("metadata").getJsonNumber("confidence").doubleValue()).isEqualTo(0.95);
        assertThat(m.getString("source")).isEqualTo("user_manual");
        assertThat(m.getString("created_at")).isEqualTo(gateway.backend().clock.instant().toString());
        assertThat(m.getString("updated_at")).isEqualTo(m.getString("created_at"));

        JsonObject read = api.get("/v1/memory/" + reply.id()).assertJson(200).json();
        assertThat(read).isEqualTo(m);
    }

    @Test
    void writeKeepsAnExplicitSourceAndDefaultsMetadataToAnEmptyObject() {
        JsonObject m = api.post("/v1/memory", """
                {"category":"fact","content":"lives in Lisbon","source":"user_explicit"}""").assertJson(201).json();

        assertThat(m.getString("source")).isEqualTo("user_explicit");
        assertThat(m.getJsonObject("metadata")).isEmpty();
    }

    @Test
    void categoryAliasesAndCaseResolveToTheCanonicalCategory() {
        JsonObject warning = api.post("/v1/memory", """
                {"category":"warning","content":"never bridge at night"}""").assertJson(201).json();
        JsonObject upper = api.post("/v1/memory", """
                {"category":" Preference ","content":"dark mode"}""").assertJson(201).json();
        JsonObject core = api.post("/v1/memory", """
                {"category":"core","content":"is a trader"}""").assertJson(201).json();

        assertThat(warning.getString("category")).isEqualTo("lesson");
        assertThat(upper.getString("category")).isEqualTo("preference");
        assertThat(core.getString("category")).isEqualTo("identity");
        assertThat(api.get("/v1/memory?category=insight").assertJson(200).contents())
                .containsExactly("never bridge at night");
    }

    @Test
    void listIsMostRecentlyUpdatedFirstAndFiltersAndLimits() {
        write("preference", "first");
        write("lesson", "second");
        write("preference", "third");
        write("preference", "fourth");

        assertThat(api.get("/v1/memory").assertJson(200).contents())
                .containsExactly("fourth", "third", "second", "first");
        assertThat(api.get("/v1/memory?category=preference").assertJson(200).contents())
                .containsExactly("fourth", "third", "first");
        assertThat(api.get("/v1/memory?category=preference&limit=2").assertJson(200).contents())
                .containsExactly("fourth", "third");
        assertThat(api.get("/v1/memory?limit=1").assertJson(200).contents()).containsExactly("fourth");
        assertThat(api.get("/v1/memory?category=alert").assertJson(200).contents()).isEmpty();
    }

    @Test
    void listDefaultsToFiftyAndAcceptsTheMaximumLimit() {
        gateway.backend().clock.advance(Duration.ofMinutes(1));
        String batch = IntStream.range(0, 60)
                .mapToObj(i -> "{\"category\":\"observation\",\"content\":\"note " + i + "\"}")
                .collect(Collectors.joining(",", "{\"memories\":[", "]}"));
        api.post("/v1/memory/batch", batch).assertJson(201);

        assertThat(api.get("/v1/memory").assertJson(200).memories()).hasSize(50);
        assertThat(api.get("/v1/memory?limit=500").assertJson(200).memories()).hasSize(60);
    }

    @Test
    void patchChangesContentAndMetadataAndMovesTheMemoryToTheTop() {
        long a = write("preference", "likes tea");
        write("preference", "likes jazz");
        gateway.backend().clock.advance(Duration.ofMinutes(5));

        JsonObject patched = api.patch("/v1/memory/" + a, """
                {"content":"likes green tea","metadata":{"confidence":1}}""").assertJson(200).json();

        assertThat(patched.getString("content")).isEqualTo("likes green tea");
        assertThat(patched.getJsonObject("metadata").getInt("confidence")).isEqualTo(1);
        assertThat(patched.getString("updated_at")).isEqualTo(gateway.backend().clock.instant().toString());
        assertThat(patched.getString("created_at")).isNotEqualTo(patched.getString("updated_at"));
        assertThat(api.get("/v1/memory").assertJson(200).contents()).containsExactly("likes green tea", "likes jazz");

        JsonObject metadataOnly = api.patch("/v1/memory/" + a, """
                {"metadata":{"confidence":0.5}}""").assertJson(200).json();
        assertThat(metadataOnly.getString("content")).isEqualTo("likes green tea");
        assertThat(metadataOnly.getJsonObject("metadata").getJsonNumber("confidence").doubleValue()).isEqualTo(0.5);
        assertThat(api.get("/v1/memory/" + a).assertJson(200).json()).isEqualTo(metadataOnly);
    }

    @Test
    void deleteAnswers204ThenTheMemoryIsGoneFromEveryReadPath() {
        long id = write("preference", "prefers limit orders");

        HttpReply deleted = api.delete("/v1/memory/" + id).assertStatus(204);

        assertThat(deleted.body()).isEmpty();
        api.get("/v1/memory/" + id).assertProblem(404);
        api.delete("/v1/memory/" + id).assertProblem(404);
        api.patch("/v1/memory/" + id, "{\"content\":\"x\"}").assertProblem(404);
        assertThat(api.get("/v1/memory").assertJson(200).memories()).isEmpty();
        assertThat(api.post("/v1/memory/search", "{\"query\":\"limit orders\"}").assertJson(200).array("hits"))
                .isEmpty();
    }

    @Test
    void restoreBringsBackADeletedMemoryWithinRetention() {
        long id = write("preference", "prefers limit orders");
        api.delete("/v1/memory/" + id).assertStatus(204);
        gateway.backend().clock.advance(Duration.ofDays(29));

        JsonObject restored = api.post("/v1/memory/" + id + "/restore", "").assertJson(200).json();

        assertThat(restored.getJsonNumber("id").longValueExact()).isEqualTo(id);
        assertThat(restored.getString("content")).isEqualTo("prefers limit orders");
        assertThat(api.get("/v1/memory/" + id).assertJson(200).json().getString("content"))
                .isEqualTo("prefers limit orders");
        assertThat(gateway.backend().audit.recent(tenant, 2))
                .extracting(AuditEntry::action).containsExactly("memory.restore", "memory.delete");
    }

    @Test
    void restoringAnActiveMemoryIsANoOp() {
        long id = write("preference", "prefers limit orders");
        JsonObject before = api.get("/v1/memory/" + id).json();

        assertThat(api.post("/v1/memory/" + id + "/restore", "").assertJson(200).json()).isEqualTo(before);
    }

    @Test
    void restoreAfterRetentionRanOutIsNotFound() {
        long id = write("preference", "prefers limit orders");
        api.delete("/v1/memory/" + id).assertStatus(204);
        gateway.backend().clock.advance(Duration.ofDays(31));

        api.post("/v1/memory/" + id + "/restore", "").assertProblem(404);
        api.get("/v1/memory/" + id).assertProblem(404);
    }

    @Test
    void batchWritesAllAndAnswersTheIdsInInputOrder() {
        HttpReply reply = api.post("/v1/memory/batch", """
                {"memories":[
                  {"category":"preference","content":"one"},
                  {"category":"warning","content":"two","metadata":{"k":"v"}},
                  {"category":"fact","content":"three","source":"chat_extracted"}]}""").assertJson(201);

        List<JsonObject> stored = reply.memories();
        assertThat(stored).extracting(m -> m.getString("content")).containsExactly("one", "two", "three");
        assertThat(stored).extracting(m -> m.getString("category")).containsExactly("preference", "lesson", "fact");
        assertThat(stored.get(2).getString("source")).isEqualTo("chat_extracted");
        List<Long> ids = stored.stream().map(m -> m.getJsonNumber("id").longValueExact()).toList();
        assertThat(ids).isSorted().doesNotHaveDuplicates();
        for (JsonObject m : stored) {
            assertThat(api.get("/v1/memory/" + m.getJsonNumber("id")).assertJson(200).json()).isEqualTo(m);
        }
    }

    @Test
    void batchOfExactlyTheMaximumIsAccepted() {
        String batch = IntStream.range(0, 1_000)
                .mapToObj(i -> "{\"category\":\"observation\",\"content\":\"row " + i + "\"}")
                .collect(Collectors.joining(",", "{\"memories\":[", "]}"));

        assertThat(api.post("/v1/memory/batch", batch).assertJson(201).memories()).hasSize(1_000);
        assertThat(gateway.backend().memoryStore.count(tenant)).isEqualTo(1_000);
    }

    @Test
    void searchRanksMatchesAndAnswersHitsWithSnippetAndScore() {
        long swap = write("preference", "always use 0.5% slippage on swaps");
        long both = write("lesson", "slippage on base swaps was high; lower slippage next time");
        write("preference", "prefers dark mode");

        JsonObject reply = api.post("/v1/memory/search", "{\"query\":\"slippage\"}").assertJson(200).json();

        assertThat(reply.getString("search_mode")).isEqualTo("keyword");
        List<JsonObject> hits = reply.getJsonArray("hits").getValuesAs(JsonObject.class);
        assertThat(hits).extracting(h -> h.getJsonNumber("id").longValueExact()).containsExactlyInAnyOrder(swap, both);
        JsonObject hit = hits.stream().filter(h -> h.getJsonNumber("id").longValueExact() == swap).findFirst()
                .orElseThrow();
        assertThat(hit.getString("category")).isEqualTo("preference");
        assertThat(hit.getString("content")).isEqualTo("always use 0.5% slippage on swaps");
        assertThat(hit.getJsonArray("arms").getValuesAs(jakarta.json.JsonString.class))
                .extracting(jakarta.json.JsonString::getString).containsExactly("keyword");
        assertThat(hit.getString("snippet")).contains("**slippage**");
        assertThat(hit.getJsonNumber("score").doubleValue()).isPositive();
        assertThat(hit.containsKey("source")).isTrue();
        assertThat(hit.containsKey("updated_at")).isTrue();
    }

    @Test
    void searchHonoursLimitAndCategory() {
        write("preference", "slippage one");
        write("lesson", "slippage two");
        write("preference", "slippage three");

        assertThat(api.post("/v1/memory/search", "{\"query\":\"slippage\",\"limit\":2}").assertJson(200)
                .array("hits")).hasSize(2);
        List<JsonObject> lessons = api.post("/v1/memory/search", "{\"query\":\"slippage\",\"category\":\"warning\"}")
                .assertJson(200).array("hits").getValuesAs(JsonObject.class);
        assertThat(lessons).extracting(h -> h.getString("content")).containsExactly("slippage two");
    }

    @Test
    void aQueryThatMatchesNothingAnswersNoHits() {
        write("preference", "dark mode");

        assertThat(api.post("/v1/memory/search", "{\"query\":\"\\\"unbalanced\"}").assertJson(200).array("hits"))
                .isEmpty();
    }

    @Test
    void aJsonBodyWithoutContentTypeOrAsCurlSendsItIsAccepted() {
        api.request("POST", "/v1/memory").body(null, "{\"category\":\"fact\",\"content\":\"a\"}".getBytes())
                .send().assertJson(201);
        api.request("POST", "/v1/memory").body("application/x-www-form-urlencoded",
                "{\"category\":\"fact\",\"content\":\"b\"}".getBytes()).send().assertJson(201);
        api.request("POST", "/v1/memory").body("application/json; charset=utf-8",
                "{\"category\":\"fact\",\"content\":\"c\"}".getBytes()).send().assertJson(201);

        assertThat(api.get("/v1/memory").contents()).containsExactlyInAnyOrder("a", "b", "c");
    }

    @Test
    void withoutATenantHeaderTheDefaultTenantIsUsed() {
        long id = gateway.api().post("/v1/memory", "{\"category\":\"fact\",\"content\":\"default tenant row\"}")
                .assertJson(201).id();

        assertThat(gateway.api("default").get("/v1/memory/" + id).assertJson(200).json().getString("content"))
                .isEqualTo("default tenant row");
        api.get("/v1/memory/" + id).assertProblem(404);
        gateway.api().delete("/v1/memory/" + id).assertStatus(204);
    }

    @Test
    void anUnknownPathUnderV1IsAProblem404() {
        api.get("/v1/nothing-here").assertProblem(404);
        api.post("/v1/memory/1/undo", "{}").assertProblem(404);
    }
}
