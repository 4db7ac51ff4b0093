package dev.strata.application.memory;

import dev.strata.application.fact.ConsolidationSettings;
import dev.strata.application.fact.FactConsolidator;
import dev.strata.application.fact.GeneralFactService;
import dev.strata.application.languagemodel.DisabledLanguageModel;
import dev.strata.application.tool.ToolCall;
import dev.strata.application.tool.ToolRegistry;
import dev.strata.application.tool.ToolResult;
import dev.strata.application.tool.ToolSignatures;
import dev.strata.domain.MutableClock;
import dev.strata.domain.audit.InMemoryAuditLog;
import dev.strata.domain.error.ConflictException;
import dev.strata.domain.error.DomainException;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.fact.FactStatus;
import dev.strata.domain.fact.InMemoryFactStore;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.InMemoryMemoryStore;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.json.JsonNode;
import dev.strata.domain.vault.CredentialScrubber;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.strata.application.provenance.TestOrigins.AGENT_ACTOR;
import static org.assertj.core.api.Assertions.assertThat;

/** The memory area's tools through the registry, on the domain's in-memory fakes. */
class MemoryToolsTest {

    private static final Tenant ME = Tenant.of("me");

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T09:00:00Z"));
    private final InMemoryMemoryStore store = new InMemoryMemoryStore();
    private final InMemoryFactStore factStore = new InMemoryFactStore();
    private final MemoryService memories = new MemoryService(store, new InMemoryAuditLog(), clock,
            MemoryLimits.DEFAULTS, Duration.ofDays(30));
    private final GeneralFactService facts = new GeneralFactService(factStore, new FactConsolidator(
            new DisabledLanguageModel(), factStore, store, clock, ConsolidationSettings.DISABLED), clock,
            MemoryLimits.DEFAULTS.maxContentChars(), new InMemoryAuditLog());
    private final ToolRegistry registry = ToolRegistry.builder()
            .add(MemoryTools.definitions(memories, new SecretSafeSearch(memories, new CredentialScrubber()), facts))
            .build();

    /** Arguments as a JSON front end would pass them: strings, integers and nested objects. */
    private static JsonNode.ObjectNode args(Object... nameValue) {
        Map<String, JsonNode> fields = new LinkedHashMap<>();
        for (int i = 0; i < nameValue.length; i += 2) {
            fields.put((String) nameValue[i], switch (nameValue[i + 1]) {
                case String s -> new JsonNode.TextNode(s);
                case Integer n -> new JsonNode.NumberNode(BigDecimal.valueOf(n));
                case JsonNode n -> n;
                default -> throw new IllegalArgumentException();
            });
        }
        return new JsonNode.ObjectNode(fields);
    }

    private Object ok(String tool, JsonNode.ObjectNode arguments) {
        ToolResult result = registry.find(tool).orElseThrow().call( new ToolCall(ME, AGENT_ACTOR), arguments);
        assertThat(result).as("%s(%s)", tool, arguments).isInstanceOf(ToolResult.Ok.class);
        return ((ToolResult.Ok) result).data();
    }

    private DomainException failed(String tool, JsonNode.ObjectNode arguments) {
        ToolResult result = registry.find(tool).orElseThrow().call( new ToolCall(ME, AGENT_ACTOR), arguments);
        assertThat(result).as("%s(%s)", tool, arguments).isInstanceOf(ToolResult.Failed.class);
        return ((ToolResult.Failed) result).error();
    }

    @Test
    void the_area_declares_spec_01_and_spec_02_tools_each_with_its_arguments() {
        assertThat(ToolSignatures.of(registry)).containsExactly(
                Map.entry("memory_write", List.of("category:string!", "content:string!", "metadata:object",
                        "source:string", "occurred_at:string")),
                Map.entry("memory_search", List.of("query:string!", "limit:integer", "max_results:integer",
                        "category:string", "occurred_after:string", "occurred_before:string", "as_of:string",
                        "reference_time:string")),
                Map.entry("memory_read", List.of("category:string", "limit:integer")),
                Map.entry("memory_save", List.of("key:string!", "content:string!", "type:string",
                        "supersede_reason:string", "metadata:object", "occurred_at:string")),
                Map.entry("memory_delete", List.of("key:string!")),
                Map.entry("memory_list", List.of("type:string", "limit:integer")));
    }

    @Test
    void limits_in_descriptions_come_from_the_configured_limits() {
        String search = registry.find("memory_search").orElseThrow().input().properties().stream()
                .filter(p -> p.name().equals("limit")).findFirst().orElseThrow().description();

        assertThat(search).contains("1 to " + MemoryLimits.DEFAULTS.maxSearchLimit())
                .contains("default " + MemoryLimits.DEFAULTS.defaultSearchLimit());
    }

    @Test
    void an_agents_write_is_agent_recorded_unless_it_names_another_source() {
        var written = (MemoryTools.Written) ok("memory_write", args("category", "warning", "content", "never ape"));
        var manual = (MemoryTools.Written) ok("memory_write", args("category", "lesson", "content", "size down",
                "source", "user_explicit"));

        assertThat(written.memory().source()).isEqualTo(Source.AGENT_RECORDED);
        assertThat(written.memory().category()).isEqualTo(Category.LESSON);
        assertThat(written.id()).isEqualTo(written.memory().id().value());
        assertThat(manual.memory().source()).isEqualTo(Source.USER_EXPLICIT);
    }

    @Test
    void a_fact_write_goes_to_the_fact_layer_as_pending_and_stores_no_memory() {
        var recorded = (MemoryTools.RecordedFact) ok("memory_write", args("category", "fact",
                "content", "user prefers weekly charts", "metadata", args("k", "v")));

        assertThat(recorded.status()).isEqualTo(FactStatus.PENDING.wireName());
        assertThat(recorded.fact().content()).isEqualTo("user prefers weekly charts");
        assertThat(facts.get(ME, recorded.fact().id())).isEqualTo(recorded.fact());
        assertThat(store.count(ME)).isZero();
    }

    @Test
    void a_fact_write_still_refuses_oversized_metadata_and_a_bad_source() {
        JsonNode.ObjectNode big = args("notes", "m".repeat(MemoryLimits.DEFAULTS.maxMetadataChars()));

        assertThat(failed("memory_write", args("category", "fact", "content", "x", "metadata", big)))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("metadata"));
        assertThat(failed("memory_write", args("category", "fact", "content", "x", "source", "robot")))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("source"));
        assertThat(factStore.list(ME, Optional.empty(), 100)).isEmpty();
    }

    @Test
    void search_takes_max_results_as_a_synonym_of_limit_but_not_both() {
        for (int i = 0; i < 4; i++) {
            ok("memory_write", args("category", "observation", "content", "gas was high " + i));
        }

        assertThat(((MemoryTools.Results) ok("memory_search", args("query", "gas", "max_results", 2))).results())
                .hasSize(2);
        assertThat(((MemoryTools.Results) ok("memory_search", args("query", "gas", "limit", 3))).results())
                .hasSize(3);
        assertThat(((MemoryTools.Results) ok("memory_search", args("query", "gas"))).searchMode())
                .isEqualTo("keyword");
        assertThat(failed("memory_search", args("query", "gas", "limit", 2, "max_results", 2)))
                .isInstanceOfSatisfying(InvalidInputException.class,
                        e -> assertThat(e.field()).isEqualTo("max_results"));
    }

    @Test
    void save_says_whether_it_inserted_or_superseded_and_refuses_a_supersede_without_a_reason() {
        var inserted = (MemoryTools.SaveAnswer) ok("memory_save", args("key", "auth", "content", "JWT with 1h expiry",
                "type", "decision"));
        DomainException refused = failed("memory_save", args("key", "auth", "content", "sessions in Redis"));
        var superseded = (MemoryTools.SaveAnswer) ok("memory_save", args("key", "auth", "content", "sessions in Redis",
                "supersede_reason", "JWT revocation was too hard"));

        assertThat(inserted.action()).isEqualTo("inserted");
        assertThat(inserted.superseded()).isEmpty();
        assertThat(refused).isInstanceOf(ConflictException.class);
        assertThat(superseded.action()).isEqualTo("superseded");
        assertThat(superseded.superseded().map(Memory::id)).contains(inserted.memory().id());
        assertThat(superseded.memory().source()).isEqualTo(Source.AGENT_RECORDED);
    }

    @Test
    void delete_soft_deletes_the_keys_active_entry_and_list_shows_only_active_ones() {
        ok("memory_save", args("key", "focus", "content", "ship the gateway", "type", "context"));
        ok("memory_save", args("key", "rule", "content", "never deploy on Fridays", "type", "lesson"));

        var deleted = (MemoryTools.Deleted) ok("memory_delete", args("key", "focus"));
        var listed = (MemoryTools.Memories) ok("memory_list", args());
        var lessons = (MemoryTools.Memories) ok("memory_list", args("type", "lesson"));

        assertThat(deleted.deleted()).isTrue();
        assertThat(deleted.key()).isEqualTo("focus");
        assertThat(listed.memories()).extracting(Memory::content).containsExactly("never deploy on Fridays");
        assertThat(lessons.memories()).hasSize(1);
    }

    @Test
    void read_answers_a_category_most_recently_updated_first() {
        ok("memory_write", args("category", "preference", "content", "first"));
        clock.advance(Duration.ofMinutes(1));
        ok("memory_write", args("category", "lesson", "content", "not a preference"));
        clock.advance(Duration.ofMinutes(1));
        ok("memory_write", args("category", "preference", "content", "second"));

        var read = (MemoryTools.Memories) ok("memory_read", args("category", "preference", "limit", 5));

        assertThat(read.memories()).extracting(Memory::content).containsExactly("second", "first");
    }

    @Test
    void metadata_arrives_in_the_store_as_its_json_text() {
        var written = (MemoryTools.Written) ok("memory_write", args("category", "preference", "content", "dark mode",
                "metadata", args("source", "user_turn", "confidence", 95)));

        assertThat(written.memory().metadata().json()).isEqualTo("{\"source\":\"user_turn\",\"confidence\":95}");
    }

    @Test
    void an_agent_tool_cannot_claim_a_person_s_or_the_loops_provenance_and_the_refusal_names_source() {
        for (String forged : List.of("user_manual", "learned_preference", "inferred")) {
            assertThat(failed("memory_write", args("category", "preference", "content", "forged " + forged,
                    "source", forged)))
                    .as(forged)
                    .isInstanceOfSatisfying(InvalidInputException.class, e -> {
                        assertThat(e.field()).isEqualTo("source");
                        assertThat(e.getMessage()).contains(forged, "user_explicit, chat_extracted, agent_recorded");
                    });
        }
        assertThat(store.count(ME)).isZero();
    }

    @Test
    void a_fact_write_keeps_the_source_it_claims_and_refuses_a_forged_one() {
        var explicit = (MemoryTools.RecordedFact) ok("memory_write", args("category", "fact",
                "content", "user prefers weekly charts", "source", "user_explicit"));
        var plain = (MemoryTools.RecordedFact) ok("memory_write", args("category", "fact",
                "content", "user trades on base"));

        assertThat(explicit.fact().source()).isEqualTo(Source.USER_EXPLICIT);
        assertThat(facts.get(ME, explicit.fact().id()).source()).isEqualTo(Source.USER_EXPLICIT);
        assertThat(plain.fact().source()).isEqualTo(Source.AGENT_RECORDED);
        assertThat(failed("memory_write", args("category", "fact", "content", "forged", "source", "user_manual")))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("source"));
        assertThat(factStore.list(ME, Optional.empty(), 100)).hasSize(2);
    }

    @Test
    void a_superseding_save_without_a_type_keeps_the_type_so_memory_list_by_that_type_still_finds_it() {
        ok("memory_save", args("key", "auth", "content", "JWT with 1h expiry", "type", "decision"));
        var superseded = (MemoryTools.SaveAnswer) ok("memory_save", args("key", "auth",
                "content", "JWT with 15m expiry", "supersede_reason", "1h failed the security review"));

        var decisions = (MemoryTools.Memories) ok("memory_list", args("type", "decision"));

        assertThat(superseded.memory().category()).isEqualTo(Category.DECISION);
        assertThat(decisions.memories()).extracting(Memory::content).containsExactly("JWT with 15m expiry");
    }

    @Test
    void every_tool_write_records_the_caller_as_updated_by() {
        var written = (MemoryTools.Written) ok("memory_write", args("category", "lesson", "content", "size down"));
        var saved = (MemoryTools.SaveAnswer) ok("memory_save", args("key", "k", "content", "a decision"));

        assertThat(written.memory().updatedBy()).isEqualTo(AGENT_ACTOR);
        assertThat(saved.memory().updatedBy()).isEqualTo(AGENT_ACTOR);
    }
}
