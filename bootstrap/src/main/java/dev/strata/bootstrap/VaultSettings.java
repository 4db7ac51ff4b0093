package dev.strata.bootstrap;

import dev.strata.adapters.sqlite.VaultKeyFile;
import dev.strata.adapters.sqlite.VaultKeyring;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the vault's sealing keys come from (see {@link VaultKeyFile}).
 *
 * @param keyFile         {@code strata.vault.key-file} / {@code STRATA_VAULT_KEY_FILE}; empty: beside the data
 *                        directory, {@code <data-dir>.vault-key}
 * @param environmentKeys {@code STRATA_VAULT_KEY}: base64 keys, comma-separated, the sealing key first; when set
 *                        no key file is read or written. Environment only, never in a file of settings.
 */
public record VaultSettings(Optional<Path> keyFile, Optional<String> environmentKeys) {

    public static final String KEY_VARIABLE = "STRATA_VAULT_KEY";

    public VaultSettings {
        Objects.requireNonNull(keyFile, "keyFile");
        Objects.requireNonNull(environmentKeys, "environmentKeys");
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

    /** Never prints the keys. */
    @Override
    public String toString() {
        return "VaultSettings[keyFile=" + keyFile.map(Path::toString).orElse("<data-dir>" + VaultKeyFile.SUFFIX)
                + ", environmentKeys=" + (environmentKeys.isPresent() ? "set" : "unset") + "]";
    }
}
