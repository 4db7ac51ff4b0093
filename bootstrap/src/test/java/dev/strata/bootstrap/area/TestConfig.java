package dev.strata.bootstrap.area;

import io.helidon.config.Config;
import io.helidon.config.ConfigSources;

import java.nio.file.Path;
import java.util.Map;

/** A {@link ConfigReader} on the shipped {@code application.yaml} with the given environment, for settings tests. */
public final class TestConfig {

    public static final Path HOME = Path.of("/home/ada");

    private TestConfig() {
    }

    public static ConfigReader with(Map<String, String> env) {
        return new ConfigReader(Config.just(ConfigSources.classpath("application.yaml")), env, HOME);
    }

    public static ConfigReader defaults() {
        return with(Map.of());
    }
}
