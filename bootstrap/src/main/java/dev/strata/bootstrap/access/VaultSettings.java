package dev.strata.bootstrap.access;

import dev.strata.adapters.sqlite.VaultKeyFile;
import dev.strata.adapters.sqlite.VaultKeyring;
import dev.strata.bootstrap.area.AreaSettings;
import dev.strata.bootstrap.area.ConfigKey;
import dev.strata.bootstrap.area.ConfigReader;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the vault's sealing keys come from ({@code strata.vault.*}; see {@link VaultKeyFile}).
 *
 * @param keyFile         {@code strata.vault.key-file} / {@code STRATA_VAULT_KEY_FILE}; empty: beside the data
 *                        directory, {@code <data-dir>.vault-key}, so a copy of the data directory holds no key
 * @param environmentKeys {@code STRATA_VAULT_KEY}: base64 keys, comma-separated, the sealing key first; when set
 *                        no key file is read or written. Meant for the environment only: never put keys in
 *                        {@code application.yaml}, which sits beside the data.
 */
public record VaultSettings(Optional<Path> keyFile, Optional<String> environmentKeys) implements AreaSettings {

    static final ConfigKey KEY_FILE = new ConfigKey("strata.vault.key-file", "STRATA_VAULT_KEY_FILE");
    static final ConfigKey KEYS = new ConfigKey("strata.vault.keys", "STRATA_VAULT_KEY");

    public VaultSettings {
        Objects.requireNonNull(keyFile, "keyFile");
        Objects.requireNonNull(environmentKeys, "environmentKeys");
    }

    public static VaultSettings from(ConfigReader config) {
        return new VaultSettings(config.optional(KEY_FILE).map(raw -> expandHome(raw, config.userHome())),
                config.optional(KEYS));
    }

    public static VaultSettings defaults() {
        return new VaultSettings(Optional.empty(), Optional.empty());
    }

    /** The key file for {@code dataDir}: the configured one, or the default beside the data directory. */
    public Path keyFileFor(Path dataDir) {
        return keyFile.orElseGet(() -> VaultKeyFile.besideDataDir(dataDir));
    }

    public VaultKeyring keyring(Path dataDir) {
        return VaultKeyFile.keyring(keyFileFor(dataDir), environmentKeys);
    }

    public VaultSettings withKeyFile(Path file) {
        return new VaultSettings(Optional.of(file), environmentKeys);
    }

    private static Path expandHome(String raw, Path home) {
        String path = raw.strip();
        return path.equals("~") ? home : path.startsWith("~/") ? home.resolve(path.substring(2)) : Path.of(path);
    }

    /** Never prints the keys. */
    @Override
    public String toString() {
        return "VaultSettings[keyFile=" + keyFile.map(Path::toString).orElse("<data-dir>" + VaultKeyFile.SUFFIX)
                + ", environmentKeys=" + (environmentKeys.isPresent() ? "set" : "unset") + "]";
    }
}
