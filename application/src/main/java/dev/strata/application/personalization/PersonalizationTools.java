package dev.strata.application.personalization;

import dev.strata.application.memory.MemoryTools;
import dev.strata.application.memory.SearchResults;
import dev.strata.application.memory.SecretSafeSearch;
import dev.strata.application.tool.ToolArguments;
import dev.strata.application.tool.ToolDefinition;
import dev.strata.application.tool.ToolSchema;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.PersonalizationMemories;
import dev.strata.domain.personalization.UserId;
import dev.strata.application.tool.ToolCall;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

import static dev.strata.application.tool.ToolSchema.Type.INTEGER;
import static dev.strata.application.tool.ToolSchema.Type.STRING;

/**
 * The personalization area's agent tools (spec 04 "On-demand personalization recall"): the full
 * portrait on demand, and recall of the user's personalization memories through the hybrid search.
 * Both answer after the cached prefix, so neither perturbs the prompt cache.
 */
public final class PersonalizationTools {

    private final PersonalizationService personalization;
    private final SecretSafeSearch search;

    private PersonalizationTools(PersonalizationService personalization, SecretSafeSearch search) {
        this.personalization = Objects.requireNonNull(personalization, "personalization");
        this.search = Objects.requireNonNull(search, "search");
    }

    public static List<ToolDefinition> definitions(PersonalizationService personalization, SecretSafeSearch search) {
        return new PersonalizationTools(personalization, search).definitions();
    }

    private List<ToolDefinition> definitions() {
        String user = "The user inside the tenant (default 'default').";
        return List.of(
                new ToolDefinition("personalization_snapshot", "The user's whole personalization portrait: the "
                        + "financial profile row, the behavioural tags (declared by the user first, then inferred), "
                        + "the recent personalization memories, the custom prompt and the onboarding state.",
                        ToolSchema.builder().optional("user_id", STRING, user).build(),
                        this::snapshot),
                new ToolDefinition("search_conversation_memory", "Recall the user's durable personalization "
                        + "memories (preferences, profile facts, constraints, goals) that match a query, best first.",
                        ToolSchema.builder()
                                .required("query", STRING, "What to recall, in words.")
                                .optional("limit", INTEGER, "How many results at most.")
                                .optional("user_id", STRING, user)
                                .build(),
                        this::recall));
    }

    private Object snapshot(ToolCall call, ToolArguments args) {
        return personalization.portrait(call.tenant(), user(args));
    }

    private Object recall(ToolCall call, ToolArguments args) {
        Tenant tenant = call.tenant();
        UserId user = user(args);
        SearchResults results = search.search(tenant, args.text("query"), args.optionalInt("limit"),
                Optional.of(Category.PERSONALIZATION.value()));
        List<SearchResults.Found> mine = results.hits().stream()
                .filter(f -> PersonalizationMemories.belongsTo(f.hit().memory(), user)).toList();
        return new MemoryTools.Results(mine, results.mode().wireName());
    }

    private static UserId user(ToolArguments args) {
        return UserId.orDefault(args.optionalText("user_id"));
    }
}
