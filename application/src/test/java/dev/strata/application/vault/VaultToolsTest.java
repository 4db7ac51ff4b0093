package dev.strata.application.vault;

import dev.strata.application.tool.ToolCall;
import dev.strata.application.tool.ToolRegistry;
import dev.strata.application.tool.ToolResult;
import dev.strata.application.tool.ToolSignatures;
import dev.strata.domain.MutableClock;
import dev.strata.domain.audit.InMemoryAuditLog;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.json.JsonNode;
import dev.strata.domain.vault.CredentialScrubber;
import dev.strata.domain.vault.InMemoryVaultStore;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.strata.application.provenance.TestOrigins.AGENT_ACTOR;
import static org.assertj.core.api.Assertions.assertThat;

class VaultToolsTest {

    private static final Tenant ME = Tenant.of("me");
    private static final String SECRET = "sk-live-4f9a8b7c6d5e";

    private final VaultService vault = new VaultService(new InMemoryVaultStore(), new CredentialScrubber(),
            new MutableClock(Instant.parse("2026-03-01T09:00:00Z")), new InMemoryAuditLog());
    private final ToolRegistry registry = ToolRegistry.builder().add(VaultTools.definitions(vault)).build();

    private static JsonNode.ObjectNode args(Object... nameValue) {
        Map<String, JsonNode> fields = new LinkedHashMap<>();
        for (int i = 0; i < nameValue.length; i += 2) {
            fields.put((String) nameValue[i], nameValue[i + 1] instanceof Boolean b ? new JsonNode.BooleanNode(b)
                    : new JsonNode.TextNode((String) nameValue[i + 1]));
        }
        return new JsonNode.ObjectNode(fields);
    }

    private ToolResult call(String tool, JsonNode.ObjectNode arguments) {
        return registry.find(tool).orElseThrow().call( new ToolCall(ME, AGENT_ACTOR), arguments);
    }

    private Object ok(String tool, JsonNode.ObjectNode arguments) {
        return ((ToolResult.Ok) call(tool, arguments)).data();
    }

    @Test
    void no_vault_tool_answer_carries_a_secrets_value() {
        var set = (VaultTools.ShownEntry) ok("vault_set", args("key", "token", "value", SECRET, "is_secret", true));
        var got = (VaultTools.ShownEntry) ok("vault_get", args("key", "token"));
        var listed = (VaultTools.Entries) ok("vault_list", args());

        assertThat(set.isSecret()).isTrue();
        assertThat(set.value()).isEmpty();
        assertThat(got.value()).isEmpty();
        assertThat(listed.entries()).singleElement().satisfies(e -> assertThat(e.value()).isEmpty());
        assertThat(vault.get(ME, "token").value()).isEqualTo(SECRET);
    }

    @Test
    void a_plain_entry_shows_its_value() {
        ok("vault_set", args("key", "cursor", "value", "42"));

        var got = (VaultTools.ShownEntry) ok("vault_get", args("key", "cursor"));

        assertThat(got.value()).contains("42");
        assertThat(got.isSecret()).isFalse();
    }

    @Test
    void delete_answers_the_key_and_a_later_read_is_not_found() {
        ok("vault_set", args("key", "cursor", "value", "42"));

        assertThat(ok("vault_delete", args("key", "cursor"))).isEqualTo(new VaultTools.Deleted("cursor"));
        assertThat(call("vault_get", args("key", "cursor"))).isInstanceOfSatisfying(ToolResult.Failed.class,
                f -> assertThat(f.error()).isInstanceOf(NotFoundException.class));
    }

    @Test
    void the_area_declares_four_tools_each_with_its_arguments() {
        assertThat(ToolSignatures.of(registry)).containsExactly(
                Map.entry("vault_set", List.of("key:string!", "value:string!", "is_secret:boolean")),
                Map.entry("vault_get", List.of("key:string!")),
                Map.entry("vault_list", List.of()),
                Map.entry("vault_delete", List.of("key:string!")));
    }

    @Test
    void vault_list_takes_no_arguments() {
        assertThat(registry.find("vault_list").orElseThrow().input().properties()).isEmpty();
        assertThat(call("vault_list", args("key", "x"))).isInstanceOf(ToolResult.Failed.class);
    }
}
