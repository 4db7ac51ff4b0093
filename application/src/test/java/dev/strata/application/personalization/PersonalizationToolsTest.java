package dev.strata.application.personalization;

import dev.strata.application.memory.MemoryTools;
import dev.strata.application.memory.SecretSafeSearch;
import dev.strata.application.memory.WriteMemory;
import dev.strata.application.tool.ToolRegistry;
import dev.strata.application.tool.ToolResult;
import dev.strata.application.tool.ToolSignatures;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.json.JsonNode;
import dev.strata.domain.personalization.TagDimension;
import dev.strata.domain.personalization.UserId;
import dev.strata.domain.vault.CredentialScrubber;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Map;

import static dev.strata.application.personalization.PersonalizationFixture.single;
import static org.assertj.core.api.Assertions.assertThat;

class PersonalizationToolsTest {

    private static final Tenant ME = Tenant.of("me");

    private final PersonalizationFixture f = new PersonalizationFixture();
    private final ToolRegistry registry = ToolRegistry.builder().add(PersonalizationTools.definitions(f.service,
            new SecretSafeSearch(f.memories, new CredentialScrubber()))).build();

    private static JsonNode.ObjectNode args(String... nameValue) {
        Map<String, JsonNode> fields = new LinkedHashMap<>();
        for (int i = 0; i < nameValue.length; i += 2) {
            fields.put(nameValue[i], new JsonNode.TextNode(nameValue[i + 1]));
        }
        return new JsonNode.ObjectNode(fields);
    }

    private ToolResult call(String tool, JsonNode.ObjectNode arguments) {
        return registry.find(tool).orElseThrow().call(new dev.strata.application.tool.ToolCall(ME, dev.strata.application.provenance.TestOrigins.AGENT_ACTOR), arguments);
    }

    @Test
    void the_area_declares_two_tools_each_with_its_arguments() {
        assertThat(ToolSignatures.of(registry)).containsExactly(
                Map.entry("personalization_snapshot", List.of("user_id:string")),
                Map.entry("search_conversation_memory", List.of("query:string!", "limit:integer", "user_id:string")));
    }

    @Test
    void the_snapshot_is_the_portrait_of_the_user_named_or_the_default() {
        f.service.declareTag(ME, UserId.of("ann"), single(TagDimension.RISK, "balanced"));

        Object ann = ((ToolResult.Ok) call("personalization_snapshot", args("user_id", "ann"))).data();
        Object def = ((ToolResult.Ok) call("personalization_snapshot", args())).data();

        assertThat(((Portrait) ann).tags()).hasSize(1);
        assertThat(((Portrait) def).tags()).isEmpty();
        assertThat(call("personalization_snapshot", args("user_id", "no spaces"))).isInstanceOfSatisfying(
                ToolResult.Failed.class, r -> assertThat(r.error()).isInstanceOf(InvalidInputException.class));
    }

    @Test
    void recall_finds_only_the_users_personalization_memories() {
        f.memories.write(new WriteMemory(ME, "personalization", "prefers stablecoin pairs",
                new Metadata("{\"user_id\":\"ann\"}"), Optional.of(Source.CHAT_EXTRACTED), dev.strata.application.provenance.TestOrigins.OPERATOR));
        f.memories.write(new WriteMemory(ME, "personalization", "prefers stablecoin yields",
                new Metadata("{\"user_id\":\"ben\"}"), Optional.of(Source.CHAT_EXTRACTED), dev.strata.application.provenance.TestOrigins.OPERATOR));
        f.memories.write(new WriteMemory(ME, "observation", "stablecoin pairs were discussed",
                Metadata.EMPTY, Optional.of(Source.AGENT_RECORDED), dev.strata.application.provenance.TestOrigins.OPERATOR));

        var results = (MemoryTools.Results) ((ToolResult.Ok) call("search_conversation_memory",
                args("query", "stablecoin", "user_id", "ann"))).data();

        assertThat(results.results()).extracting(h -> h.hit().memory().content()).containsExactly("prefers stablecoin pairs");
    }
}
