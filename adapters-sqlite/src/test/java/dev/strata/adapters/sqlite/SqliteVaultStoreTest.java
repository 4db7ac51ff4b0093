package dev.strata.adapters.sqlite;

import dev.strata.domain.vault.VaultStore;
import dev.strata.domain.vault.VaultStoreContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/** The VaultStore contract on a real SQLite file. */
class SqliteVaultStoreTest extends VaultStoreContract {

    static final VaultKeyring KEYS = VaultKeyring.of(java.util.List.of(VaultKeyring.newKey()));

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @Override
    protected VaultStore createStore() {
        db = TempDatabase.open(dir);
        return new SqliteVaultStore(db, KEYS);
    }

    @AfterEach
    void close() {
        db.close();
    }
}
