package dev.strata.application.memory;

import dev.strata.application.fact.GeneralFactService;
import dev.strata.application.provenance.WriteOrigin;
import dev.strata.application.tool.ToolArguments;
import dev.strata.application.tool.ToolCall;
import dev.strata.application.tool.ToolDefinition;
import dev.strata.application.tool.ToolSchema;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.fact.Fact;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryType;
import dev.strata.domain.memory.EventTime;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.TimeScope;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import static dev.strata.application.tool.ToolSchema.Type.INTEGER;
import static dev.strata.application.tool.ToolSchema.Type.OBJECT;
import static dev.strata.application.tool.ToolSchema.Type.STRING;

/**
 * The memory area's agent tools: spec 01's {@code memory_write}, {@code memory_search} and
 * {@code memory_read}, and spec 02's keyed {@code memory_save}, {@code memory_delete} and
 * {@code memory_list}. The rules that make them tools rather than plain REST calls live here:
 * a {@code fact} write goes to the general fact layer, an agent's write is recorded as
 * {@code agent_recorded} unless it claims another agent-side source (a tool can never claim
 * {@code user_manual}, {@code learned_preference} or {@code inferred}: see {@link WriteOrigin}),
 * every write records the caller's actor, and search results carry secret-safe snippets.
 */
public final class MemoryTools {

    private final MemoryService memories;
    private final SecretSafeSearch search;
    private final GeneralFactService facts;

    private MemoryTools(MemoryService memories, SecretSafeSearch search, GeneralFactService facts) {
        this.memories = Objects.requireNonNull(memories, "memories");
        this.search = Objects.requireNonNull(search, "search");
        this.facts = Objects.requireNonNull(facts, "facts");
    }

    public static List<ToolDefinition> definitions(MemoryService memories, SecretSafeSearch search,
                                                   GeneralFactService facts) {
        return new MemoryTools(memories, search, facts).definitions();
    }

    private List<ToolDefinition> definitions() {
        MemoryLimits limits = memories.limits();
        String listLimit = "How many entries, 1 to " + limits.maxListLimit() + " (default " + limits.defaultListLimit()
                + ").";
        String categoryFilter = "Only memories of this category (or alias).";
        String metadata = "Free-form JSON object kept with the memory, at most " + limits.maxMetadataChars()
                + " characters of JSON.";
        String occurredAt = "When the thing happened (event time), if not now: an ISO-8601 date (2023-05-08) or "
                + "instant (2023-05-08T13:56:00Z). Default: a session_date in the metadata, else the write time.";
        return List.of(
                new ToolDefinition("memory_write", "Write a memory the agent should keep: a preference, an "
                        + "observation, a lesson... Category 'fact' records a durable fact about the user instead, "
                        + "which is deduplicated and consolidated in the background.",
                        ToolSchema.builder()
                                .required("category", STRING, "What kind of memory: preference, observation, "
                                        + "trade_outcome, lesson, personalization, alert, reference, fact, identity, "
                                        + "decision, context, historical, an alias (warning, insight...) or another "
                                        + "lowercase slug.")
                                .required("content", STRING, "The memory itself, at most " + limits.maxContentChars()
                                        + " characters.")
                                .optional("metadata", OBJECT, metadata)
                                .optional("source", STRING, "Provenance, one of " + AGENT_SOURCES
                                        + " (default agent_recorded): user_explicit when the user said to "
                                        + "remember it, chat_extracted when it was pulled from the chat.")
                                .optional("occurred_at", STRING, occurredAt + " Facts keep no event time.")
                                .build(),
                        this::write),
                new ToolDefinition("memory_search", "Search the memories by meaning and keywords; returns the best "
                        + "matches with a snippet, a score and the search mode that answered. Never fails on odd "
                        + "query syntax.",
                        ToolSchema.builder()
                                .required("query", STRING, "What to look for, in natural language or keywords.")
                                .optional("limit", INTEGER, "How many results, 1 to " + limits.maxSearchLimit()
                                        + " (default " + limits.defaultSearchLimit() + ").")
                                .optional("max_results", INTEGER, "Spec 02's name for limit; give one or the other.")
                                .optional("category", STRING, categoryFilter)
                                .optional("occurred_after", STRING, "Only memories whose event time is at or after "
                                        + "this date (2023-05-08) or instant.")
                                .optional("occurred_before", STRING, "Only memories whose event time is before this "
                                        + "date or instant.")
                                .optional("as_of", STRING, "Search as of this date or instant: what was stored and "
                                        + "active then.")
                                .optional("reference_time", STRING, "When the query's own time words (\"last May\", "
                                        + "\"yesterday\") are counted from; default now.")
                                .build(),
                        this::search),
                new ToolDefinition("memory_read", "Read the memories of one category (or all), most recently "
                        + "updated first, without ranking.",
                        ToolSchema.builder()
                                .optional("category", STRING, categoryFilter)
                                .optional("limit", INTEGER, listLimit)
                                .build(),
                        this::read),
                new ToolDefinition("memory_save", "Save a keyed memory entry. If an active entry with the same key "
                        + "exists, supersede_reason is required and the old entry is superseded; without it the "
                        + "save is refused with the current entry in the error details.",
                        ToolSchema.builder()
                                .required("key", STRING, "Short identifier, e.g. deploy-lesson or auth-approach.")
                                .required("content", STRING, "The memory content, at most " + limits.maxContentChars()
                                        + " characters.")
                                .optional("type", STRING, "One of identity, lesson, decision, context, reference, "
                                        + "historical, or an alias (default: the type of the entry it supersedes, "
                                        + "else context).")
                                .optional("supersede_reason", STRING, "Why the current entry of the key is wrong or "
                                        + "outdated; required when one exists.")
                                .optional("metadata", OBJECT, metadata)
                                .optional("occurred_at", STRING, occurredAt)
                                .build(),
                        this::save),
                new ToolDefinition("memory_delete", "Delete the active entry of a key (soft delete: it leaves "
                        + "search and the prompt, and can be restored for a while).",
                        ToolSchema.builder()
                                .required("key", STRING, "Key of the entry to delete.")
                                .build(),
                        this::deleteByKey),
                new ToolDefinition("memory_list", "List the active entries, optionally of one type, most recently "
                        + "updated first.",
                        ToolSchema.builder()
                                .optional("type", STRING, "Only entries of this type: identity, lesson, decision, "
                                        + "context, reference, historical, or an alias.")
                                .optional("limit", INTEGER, listLimit)
                                .build(),
                        this::listByType));
    }

    /**
     * memory_write: an agent's write, recorded as {@code agent_recorded} unless it claims another
     * agent-side source. The {@code fact} category (after alias resolution) goes to the general fact
     * layer instead: it is recorded pending, with the claimed source, and consolidated in the
     * background (spec 01); facts keep no metadata.
     */
    private Object write(ToolCall call, ToolArguments args) {
        Optional<Source> source = args.optionalText("source").map(Source::parse);
        WriteOrigin origin = WriteOrigin.agentTool(call.actor());
        Optional<Metadata> metadata = args.optionalMetadata("metadata");
        Optional<Instant> occurredAt = EventTime.parse("occurred_at", args.optionalText("occurred_at"));
        if (Category.resolve(args.text("category")).equals(Category.FACT)) {
            // Facts keep no metadata, but an oversized one is still refused, as for any write.
            int max = memories.limits().maxMetadataChars();
            if (metadata.filter(m -> m.json().length() > max).isPresent()) {
                throw new InvalidInputException("metadata", "must be at most " + max + " characters of JSON");
            }
            Fact fact = facts.recordFact(call.tenant(), args.text("content"), source, origin);
            return new RecordedFact(fact.id().value(), fact.status().wireName(), fact);
        }
        Memory m = memories.write(new WriteMemory(call.tenant(), args.text("category"), args.text("content"),
                metadata.orElse(Metadata.EMPTY), source, origin, occurredAt));
        return new Written(m.id().value(), m);
    }

    /** memory_search: spec 02's max_results is accepted as a synonym of limit. */
    private Object search(ToolCall call, ToolArguments args) {
        if (args.has("limit") && args.has("max_results")) {
            throw new InvalidInputException("max_results", "give either limit or max_results, not both");
        }
        Optional<Integer> limit = args.has("max_results") ? args.optionalInt("max_results") : args.optionalInt("limit");
        TimeScope scope = new TimeScope(EventTime.parse("occurred_after", args.optionalText("occurred_after")),
                EventTime.parse("occurred_before", args.optionalText("occurred_before")),
                EventTime.parse("as_of", args.optionalText("as_of")));
        SearchResults results = search.search(call.tenant(), args.text("query"), limit, args.optionalText("category"),
                scope, EventTime.parse("reference_time", args.optionalText("reference_time")));
        return new Results(results.hits(), results.mode().wireName());
    }

    private Object read(ToolCall call, ToolArguments args) {
        return new Memories(memories.list(call.tenant(), args.optionalText("category"), args.optionalInt("limit")));
    }

    /**
     * memory_save: says whether it inserted or superseded, with spec 02's non-blocking type
     * suggestion. Without a {@code type} a superseding save keeps the superseded entry's type.
     */
    private Object save(ToolCall call, ToolArguments args) {
        Optional<String> type = args.optionalText("type").map(t -> MemoryType.resolve(Optional.of(t)).value());
        Saved saved = memories.save(new SaveMemory(call.tenant(), args.text("key"), args.text("content"),
                type, args.optionalText("supersede_reason"),
                args.optionalMetadata("metadata").orElse(Metadata.EMPTY), Optional.empty(),
                WriteOrigin.agentTool(call.actor()), EventTime.parse("occurred_at", args.optionalText("occurred_at"))));
        return new SaveAnswer(saved.superseded().isPresent() ? "superseded" : "inserted", saved.memory(),
                saved.superseded(), saved.typeSuggestion().map(Category::value));
    }

    /** memory_delete: the key's active entry becomes inactive (soft delete). */
    private Object deleteByKey(ToolCall call, ToolArguments args) {
        Memory deleted = memories.deleteByKey(call.tenant(), args.text("key"), call.actor());
        return new Deleted(true, deleted.id().value(), args.text("key"));
    }

    private Object listByType(ToolCall call, ToolArguments args) {
        return new Memories(memories.listByType(call.tenant(), args.optionalText("type"), args.optionalInt("limit")));
    }

    /** What an agent tool may claim, in the order {@link Source} lists them. */
    private static final String AGENT_SOURCES = String.join(", ", Arrays.stream(Source.values())
            .filter(WriteOrigin.agentTool(Actor.ANONYMOUS).claimable()::contains)
            .map(Source::wireName).toList());

    /** memory_write's answer for an ordinary category. */
    public record Written(long id, Memory memory) {
    }

    /** memory_write's answer for {@code fact}: the pending fact and its status. */
    public record RecordedFact(long id, String status, Fact fact) {
    }

    /** memory_search's answer: the hits, best first, and which pipeline answered. */
    public record Results(List<SearchResults.Found> results, String searchMode) {
    }

    /** memory_read's and memory_list's answer. */
    public record Memories(List<Memory> memories) {
    }

    /** memory_save's answer: {@code superseded} and {@code type_suggestion} only when there are some. */
    public record SaveAnswer(String action, Memory memory, Optional<Memory> superseded,
                             Optional<String> typeSuggestion) {
    }

    /** memory_delete's answer. */
    public record Deleted(boolean deleted, long id, String key) {
    }
}
