package dev.strata.bootstrap;

import dev.strata.bootstrap.access.VaultSettings;
import dev.strata.bootstrap.area.AreaSettings;
import dev.strata.bootstrap.conversation.ConversationSettings;
import dev.strata.bootstrap.fact.FactSettings;
import dev.strata.bootstrap.learning.LearningSettings;
import dev.strata.bootstrap.llm.LlmSettings;
import dev.strata.bootstrap.memory.MemorySettings;
import dev.strata.bootstrap.personalization.PersonalizationSettings;
import dev.strata.bootstrap.rebuild.RebuildSettings;
import dev.strata.bootstrap.retrieval.EmbeddingSettings;
import dev.strata.bootstrap.retrieval.SearchSettings;
import dev.strata.bootstrap.role.RoleSettings;
import dev.strata.bootstrap.server.ServerSettings;
import dev.strata.bootstrap.session.SessionSettings;
import dev.strata.bootstrap.session.WorkspaceSettings;
import dev.strata.bootstrap.storage.StorageSettings;
import dev.strata.bootstrap.trading.TradingSettings;

import java.nio.file.Path;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Everything the composition root needs, one field per area's settings ({@code strata.x.*}), resolved
 * from defaults, environment and flags by {@link SettingsLoader}.
 */
public record StrataSettings(StorageSettings storage, ServerSettings server, MemorySettings memory,
                             SearchSettings search, EmbeddingSettings embedding, LlmSettings llm, FactSettings facts,
                             WorkspaceSettings workspace, SessionSettings sessions, LearningSettings learning,
                             VaultSettings vault, RoleSettings roles, PersonalizationSettings personalization,
                             ConversationSettings conversation, TradingSettings trading, RebuildSettings rebuild) {

    public StrataSettings {
        Stream.of(storage, server, memory, search, embedding, llm, facts, workspace, sessions, learning, vault, roles,
                        personalization, conversation, trading, rebuild)
                .forEach(area -> Objects.requireNonNull(area, "every area has its settings"));
    }

    /** The same settings with one area's replaced: {@code settings.with(settings.facts().withSweep(...))}. */
    public StrataSettings with(AreaSettings area) {
        StrataSettings changed = new StrataSettings(pick(area, storage), pick(area, server), pick(area, memory),
                pick(area, search), pick(area, embedding), pick(area, llm), pick(area, facts), pick(area, workspace),
                pick(area, sessions), pick(area, learning), pick(area, vault), pick(area, roles),
                pick(area, personalization), pick(area, conversation), pick(area, trading), pick(area, rebuild));
        if (Stream.of(changed.getClass().getRecordComponents()).noneMatch(c -> c.getType() == area.getClass())) {
            throw new IllegalArgumentException("no area of the settings is a " + area.getClass().getSimpleName());
        }
        return changed;
    }

    /**
     * For the administration commands (keys, facts, edges): they never embed, so they do not load the
     * embedding model (seconds of start-up and its log lines) nor the vector extension.
     */
    public StrataSettings withoutEmbeddings() {
        return with(embedding.withProvider(dev.strata.adapters.llm.embedding.EmbeddingProvider.DISABLED));
    }

    public StrataSettings withDataDir(Path dir) {
        return with(storage.withDataDir(dir));
    }

    public StrataSettings withWorkspaceDir(Path dir) {
        return with(workspace.withDirectory(dir));
    }

    /** {@code replacement} when it is the settings of {@code current}'s area, else {@code current}. */
    @SuppressWarnings("unchecked")
    private static <T extends AreaSettings> T pick(AreaSettings replacement, T current) {
        return replacement.getClass() == current.getClass() ? (T) replacement : current;
    }
}
