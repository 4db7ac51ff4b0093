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
    void write_answers_201_with_the_stored_memory_and_its_id() {
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
    void an_event_time_is_kept_from_the_write_from_a_session_date_in_the_metadata_or_else_is_the_write_time() {
        JsonObject stated = api.post("/v1/memory", """
                {"category":"observation","content":"went hiking with Mel","occurred_at":"2023-05-08T13:56:00+02:00"}""")
                .assertJson(201).json();
        JsonObject fromMetadata = api.post("/v1/memory", """
                {"category":"observation","content":"painted a sunrise","metadata":{"session_date":"2023-05-20"}}""")
                .assertJson(201).json();
        JsonObject unstated = api.post("/v1/memory", """
                {"category":"observation","content":"bought a guitar"}""").assertJson(201).json();

        assertThat(stated.getString("occurred_at")).isEqualTo("2023-05-08T11:56:00Z");
        assertThat(fromMetadata.getString("occurred_at")).isEqualTo("2023-05-20T00:00:00Z");
        assertThat(unstated.getString("occurred_at")).isEqualTo(unstated.getString("created_at"));
        assertThat(api.get("/v1/memory/" + stated.getJsonNumber("id").longValueExact()).assertJson(200).json()
                .getString("occurred_at")).isEqualTo("2023-05-08T11:56:00Z");
    }

    @Test
    void every_write_path_takes_an_event_time_and_every_view_returns_it() {
        JsonObject keyed = api.post("/v1/memory", """
                {"category":"decision","key":"trip","content":"Lisbon in May","occurred_at":"2023-05-01"}""")
                .assertJson(201).json();
        JsonObject batch = api.post("/v1/memory/batch", """
                {"memories":[{"category":"lesson","content":"one","occurred_at":"2022-01-02"},
                             {"category":"lesson","content":"two"}]}""").assertJson(201).json();
        JsonObject tool = api.post("/v1/tools/memory_write", """
                {"category":"observation","content":"met Anna at the gallery","occurred_at":"2023-06-01"}""")
                .assertJson(200).json();
        JsonObject saved = api.post("/v1/tools/memory_save", """
                {"key":"gallery","content":"the gallery opens in June","occurred_at":"2023-06-02T09:00:00Z"}""")
                .assertJson(200).json();
        long id = batch.getJsonArray("memories").getJsonObject(1).getJsonNumber("id").longValueExact();
        JsonObject patched = api.patch("/v1/memory/" + id, "{\"occurred_at\":\"2021-12-24\"}").assertJson(200).json();

        assertThat(keyed.getString("occurred_at")).isEqualTo("2023-05-01T00:00:00Z");
        assertThat(batch.getJsonArray("memories").getJsonObject(0).getString("occurred_at"))
                .isEqualTo("2022-01-02T00:00:00Z");
        assertThat(tool.getJsonObject("data").getJsonObject("memory").getString("occurred_at"))
                .isEqualTo("2023-06-01T00:00:00Z");
        assertThat(saved.getJsonObject("data").getJsonObject("memory").getString("occurred_at"))
                .isEqualTo("2023-06-02T09:00:00Z");
        assertThat(patched.getString("occurred_at")).isEqualTo("2021-12-24T00:00:00Z");
        assertThat(patched.getString("content")).isEqualTo("two");
        assertThat(api.get("/v1/memory/history?key=trip").assertJson(200).json().getJsonArray("entries")
                .getJsonObject(0).getString("occurred_at")).isEqualTo("2023-05-01T00:00:00Z");
        assertThat(api.post("/v1/memory/search", "{\"query\":\"gallery\"}").assertJson(200).json()
                .getJsonArray("hits").getJsonObject(0).getString("occurred_at")).startsWith("2023-06-0");
    }

    @Test
    void as_of_an_instant_list_history_and_snapshot_show_what_was_active_then() {
        long first = api.post("/v1/memory", """
                {"category":"decision","key":"auth","content":"JWT with 1h expiry"}""").assertJson(201).id();
        long doomed = write("lesson", "bridge on weekdays only");
        gateway.backend().clock.advance(Duration.ofMinutes(1));
        String before = gateway.backend().clock.instant().toString();
        gateway.backend().clock.advance(Duration.ofMinutes(1));
        long second = api.post("/v1/memory", """
                {"category":"decision","key":"auth","content":"JWT with 15m expiry","supersede_reason":"review"}""")
                .assertJson(201).id();
        api.delete("/v1/memory/" + doomed);

        JsonObject then = api.get("/v1/memory?as_of=" + before).assertJson(200).json();
        JsonObject now = api.get("/v1/memory").assertJson(200).json();
        JsonObject believed = api.get("/v1/memory/history?key=auth&as_of=" + before).assertJson(200).json();
        String snapshotThen = api.get("/v1/snapshot?as_of=" + before).assertStatus(200).text();

        assertThat(then.getJsonArray("memories").getValuesAs(JsonObject.class)).extracting(m -> m.getJsonNumber("id")
                .longValueExact()).containsExactly(doomed, first);
        assertThat(then.getJsonArray("memories").getValuesAs(JsonObject.class)).allMatch(m -> m.getBoolean("is_active"));
        assertThat(then.getString("as_of")).isEqualTo(before);
        assertThat(then.getJsonArray("edited_since")).isEmpty();
        assertThat(now.getJsonArray("memories").getValuesAs(JsonObject.class)).extracting(m -> m.getJsonNumber("id")
                .longValueExact()).containsExactly(second);
        assertThat(believed.getJsonArray("entries").getValuesAs(JsonObject.class)).singleElement()
                .satisfies(m -> assertThat(m.getString("content")).isEqualTo("JWT with 1h expiry"));
        assertThat(snapshotThen).contains("JWT with 1h expiry", "bridge on weekdays only").doesNotContain("15m");
        assertThat(api.get("/v1/memory/history?key=auth&as_of=2000-01-01").assertJson(200).json()
                .getJsonArray("entries")).isEmpty();
    }

    @Test
    void a_memory_edited_in_place_after_the_instant_is_named_as_such() {
        long id = write("lesson", "use 1% slippage");
        gateway.backend().clock.advance(Duration.ofMinutes(1));
        String before = gateway.backend().clock.instant().toString();
        gateway.backend().clock.advance(Duration.ofMinutes(1));
        api.patch("/v1/memory/" + id, "{\"content\":\"use 0.5% slippage\"}").assertJson(200);

        JsonObject then = api.get("/v1/memory?as_of=" + before).assertJson(200).json();

        assertThat(then.getJsonArray("edited_since").getJsonNumber(0).longValueExact()).isEqualTo(id);
    }

    @Test
    void a_bad_as_of_is_a_400_naming_it_on_every_route_that_takes_it() {
        for (String path : List.of("/v1/memory?as_of=yesterday", "/v1/memory/history?key=auth&as_of=2023-02-30",
                "/v1/snapshot?as_of=12345")) {
            HttpReply reply = api.get(path);

            assertThat(reply.status()).as(path).isEqualTo(400);
            assertThat(reply.json().getString("field")).as(path).isEqualTo("as_of");
        }
    }

    @Test
    void search_keeps_only_event_times_inside_the_filters_and_answers_as_of_an_instant() {
        api.post("/v1/memory", """
                {"category":"observation","content":"went hiking at Sintra","occurred_at":"2023-05-08"}""")
                .assertJson(201);
        api.post("/v1/memory", """
                {"category":"observation","content":"went hiking at Arrabida","occurred_at":"2023-06-10"}""")
                .assertJson(201);
        String beforeBoth = "2000-01-01";

        JsonObject may = api.post("/v1/memory/search", """
                {"query":"hiking","occurred_after":"2023-05-01","occurred_before":"2023-06-01"}""").assertJson(200).json();
        JsonObject all = api.post("/v1/memory/search", "{\"query\":\"hiking\"}").assertJson(200).json();
        JsonObject then = api.post("/v1/memory/search", "{\"query\":\"hiking\",\"as_of\":\"" + beforeBoth + "\"}")
                .assertJson(200).json();
        HttpReply backwards = api.post("/v1/memory/search", """
                {"query":"hiking","occurred_after":"2023-06-01","occurred_before":"2023-05-01"}""");

        assertThat(may.getJsonArray("hits").getValuesAs(JsonObject.class)).singleElement()
                .satisfies(h -> assertThat(h.getString("content")).contains("Sintra"));
        assertThat(all.getJsonArray("hits")).hasSize(2);
        assertThat(then.getJsonArray("hits")).as("nothing was written by then").isEmpty();
        assertThat(backwards.status()).isEqualTo(400);
        assertThat(backwards.json().getString("field")).isEqualTo("occurred_before");
    }

    @Test
    void a_bad_event_time_is_a_400_naming_the_field_and_stores_nothing() {
        HttpReply reply = api.post("/v1/memory", """
                {"category":"observation","content":"x","occurred_at":"last tuesday"}""");
        HttpReply inBatch = api.post("/v1/memory/batch", """
                {"memories":[{"category":"lesson","content":"one"},{"category":"lesson","content":"two",
                  "occurred_at":"2023-02-30"}]}""");

        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.json().getString("field")).isEqualTo("occurred_at");
        assertThat(inBatch.status()).isEqualTo(400);
        assertThat(inBatch.json().getString("field")).isEqualTo("memories[1].occurred_at");
        assertThat(api.get("/v1/memory").assertJson(200).json().getJsonArray("memories")).isEmpty();
    }

    @Test
    void write_keeps_an_explicit_source_and_defaults_metadata_to_an_empty_object() {
        JsonObject m = api.post("/v1/memory", """
                {"category":"fact","content":"lives in Lisbon","source":"user_explicit"}""").assertJson(201).json();

        assertThat(m.getString("source")).isEqualTo("user_explicit");
        assertThat(m.getJsonObject("metadata")).isEmpty();
    }

    @Test
    void category_aliases_and_case_resolve_to_the_canonical_category() {
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
    void list_is_most_recently_updated_first_and_filters_and_limits() {
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
    void list_defaults_to_fifty_and_accepts_the_maximum_limit() {
        gateway.backend().clock.advance(Duration.ofMinutes(1));
        String batch = IntStream.range(0, 60)
                .mapToObj(i -> "{\"category\":\"observation\",\"content\":\"note " + i + "\"}")
                .collect(Collectors.joining(",", "{\"memories\":[", "]}"));
        api.post("/v1/memory/batch", batch).assertJson(201);

        assertThat(api.get("/v1/memory").assertJson(200).memories()).hasSize(50);
        assertThat(api.get("/v1/memory?limit=500").assertJson(200).memories()).hasSize(60);
    }

    @Test
    void patch_changes_content_and_metadata_and_moves_the_memory_to_the_top() {
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
    void delete_answers_204_then_the_memory_is_gone_from_every_read_path() {
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
    void restore_brings_back_a_deleted_memory_within_retention() {
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
    void restoring_an_active_memory_is_a_no_op() {
        long id = write("preference", "prefers limit orders");
        JsonObject before = api.get("/v1/memory/" + id).json();

        assertThat(api.post("/v1/memory/" + id + "/restore", "").assertJson(200).json()).isEqualTo(before);
    }

    @Test
    void restore_after_retention_ran_out_is_not_found() {
        long id = write("preference", "prefers limit orders");
        api.delete("/v1/memory/" + id).assertStatus(204);
        gateway.backend().clock.advance(Duration.ofDays(31));

        api.post("/v1/memory/" + id + "/restore", "").assertProblem(404);
        api.get("/v1/memory/" + id).assertProblem(404);
    }

    @Test
    void batch_writes_all_and_answers_the_ids_in_input_order() {
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
    void batch_of_exactly_the_maximum_is_accepted() {
        String batch = IntStream.range(0, 1_000)
                .mapToObj(i -> "{\"category\":\"observation\",\"content\":\"row " + i + "\"}")
                .collect(Collectors.joining(",", "{\"memories\":[", "]}"));

        assertThat(api.post("/v1/memory/batch", batch).assertJson(201).memories()).hasSize(1_000);
        assertThat(gateway.backend().memoryStore.count(tenant)).isEqualTo(1_000);
    }

    @Test
    void search_ranks_matches_and_answers_hits_with_snippet_and_score() {
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
        assertThat(hit.getJsonNumber("raw_score").doubleValue()).isPositive();
        assertThat(hit.containsKey("source")).isTrue();
        assertThat(hit.containsKey("updated_at")).isTrue();
    }

    @Test
    void search_honours_limit_and_category() {
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
    void a_query_that_matches_nothing_answers_no_hits() {
        write("preference", "dark mode");

        assertThat(api.post("/v1/memory/search", "{\"query\":\"\\\"unbalanced\"}").assertJson(200).array("hits"))
                .isEmpty();
    }

    @Test
    void a_json_body_without_content_type_or_as_curl_sends_it_is_accepted() {
        api.request("POST", "/v1/memory").body(null, "{\"category\":\"fact\",\"content\":\"a\"}".getBytes())
                .send().assertJson(201);
        api.request("POST", "/v1/memory").body("application/x-www-form-urlencoded",
                "{\"category\":\"fact\",\"content\":\"b\"}".getBytes()).send().assertJson(201);
        api.request("POST", "/v1/memory").body("application/json; charset=utf-8",
                "{\"category\":\"fact\",\"content\":\"c\"}".getBytes()).send().assertJson(201);

        assertThat(api.get("/v1/memory").contents()).containsExactlyInAnyOrder("a", "b", "c");
    }

    @Test
    void without_a_tenant_header_the_default_tenant_is_used() {
        long id = gateway.api().post("/v1/memory", "{\"category\":\"fact\",\"content\":\"default tenant row\"}")
                .assertJson(201).id();

        assertThat(gateway.api("default").get("/v1/memory/" + id).assertJson(200).json().getString("content"))
                .isEqualTo("default tenant row");
        api.get("/v1/memory/" + id).assertProblem(404);
        gateway.api().delete("/v1/memory/" + id).assertStatus(204);
    }

    @Test
    void an_unknown_path_under_v1_is_a_problem_404() {
        api.get("/v1/nothing-here").assertProblem(404);
        api.post("/v1/memory/1/undo", "{}").assertProblem(404);
    }
}
