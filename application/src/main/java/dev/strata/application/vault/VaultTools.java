package dev.strata.application.vault;

import dev.strata.application.tool.ToolArguments;
import dev.strata.application.tool.ToolCall;
import dev.strata.application.tool.ToolDefinition;
import dev.strata.application.tool.ToolSchema;
import dev.strata.domain.vault.VaultEntry;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import static dev.strata.application.tool.ToolSchema.Type.BOOLEAN;
import static dev.strata.application.tool.ToolSchema.Type.STRING;

/**
 * The vault's agent tools (spec 02). Tool output lands in the model's context and in transcripts,
 * where secrets must never appear: every answer shows that a secret exists, never its value.
 * Programs that need a credential read it with the explicit REST read of its key.
 */
public final class VaultTools {

    private final VaultService vault;

    private VaultTools(VaultService vault) {
        this.vault = Objects.requireNonNull(vault, "vault");
    }

    public static List<ToolDefinition> definitions(VaultService vault) {
        return new VaultTools(vault).definitions();
    }

    private List<ToolDefinition> definitions() {
        String key = "Key: letters, digits, '.', '_', ':' or '-', at most 128 characters.";
        return List.of(
                new ToolDefinition("vault_set", "Store machine-consumed state or a credential under a key (not "
                        + "searchable, never injected into a prompt). The answer never echoes a secret's value.",
                        ToolSchema.builder()
                                .required("key", STRING, key)
                                .required("value", STRING, "The value, at most " + VaultEntry.MAX_VALUE_CHARS
                                        + " characters.")
                                .optional("is_secret", BOOLEAN, "Whether the value is a credential: redacted from "
                                        + "every output (default false).")
                                .build(),
                        (call, args) -> shown(vault.set(call.tenant(), args.text("key"), args.text("value"),
                                args.optionalBoolean("is_secret").orElse(false), call.actor()))),
                new ToolDefinition("vault_get", "Read the entry of a key: a plain value, or only the fact that a "
                        + "secret exists.",
                        ToolSchema.builder().required("key", STRING, key).build(),
                        (call, args) -> shown(vault.get(call.tenant(), args.text("key")))),
                new ToolDefinition("vault_list", "List the keys with their secret flag, and the values of plain "
                        + "entries.",
                        ToolSchema.none(),
                        this::list),
                new ToolDefinition("vault_delete", "Delete the entry of a key.",
                        ToolSchema.builder().required("key", STRING, key).build(),
                        this::delete));
    }

    private Object list(ToolCall call, ToolArguments args) {
        return new Entries(vault.list(call.tenant()).stream().map(VaultTools::shown).toList());
    }

    private Object delete(ToolCall call, ToolArguments args) {
        String key = args.text("key");
        vault.delete(call.tenant(), key, call.actor());
        return new Deleted(key);
    }

    private static ShownEntry shown(VaultEntry e) {
        return new ShownEntry(e.key(), e.secret(), e.secret() ? Optional.empty() : Optional.of(e.value()),
                e.updatedAt());
    }

    /** A vault entry as a tool shows it: a secret's {@code value} is left out. */
    public record ShownEntry(String key, boolean isSecret, Optional<String> value, Instant updatedAt) {
    }

    /** vault_list's answer. */
    public record Entries(List<ShownEntry> entries) {
    }

    /** vault_delete's answer: the key that was deleted. */
    public record Deleted(String deleted) {
    }
}
