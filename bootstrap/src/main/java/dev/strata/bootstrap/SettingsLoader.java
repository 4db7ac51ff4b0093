package dev.strata.bootstrap;

import dev.strata.bootstrap.access.VaultSettings;
import dev.strata.bootstrap.area.ConfigKey;
import dev.strata.bootstrap.area.ConfigReader;
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
import io.helidon.config.Config;
import io.helidon.config.ConfigSources;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

/**
 * Reads {@code application.yaml} with Helidon Config, each key overridable by its environment variable,
 * into every area's settings. The keys, their variables and their checks are the areas' own
 * ({@code XSettings.from}); this class only assembles them.
 */
public final class SettingsLoader {

    private final ConfigReader config;

    SettingsLoader(Config config, Map<String, String> env) {
        this(config, env, Path.of(System.getProperty("user.home")));
    }

    SettingsLoader(Config config, Map<String, String> env, Path userHome) {
        this.config = new ConfigReader(config, env, userHome);
    }

    public static SettingsLoader fromDefaults() {
        return new SettingsLoader(Config.just(ConfigSources.classpath("application.yaml")), System.getenv());
    }

    public StrataSettings load() {
        return new StrataSettings(StorageSettings.from(config), ServerSettings.from(config), MemorySettings.from(config),
                SearchSettings.from(config), EmbeddingSettings.from(config), LlmSettings.from(config),
                FactSettings.from(config), WorkspaceSettings.from(config), SessionSettings.from(config),
                LearningSettings.from(config), VaultSettings.from(config), RoleSettings.from(config),
                PersonalizationSettings.from(config), ConversationSettings.from(config), TradingSettings.from(config),
                RebuildSettings.from(config));
    }

    /** The keys the areas have read so far, each with its environment variable. */
    Set<ConfigKey> keysRead() {
        return config.keysRead();
    }
}
