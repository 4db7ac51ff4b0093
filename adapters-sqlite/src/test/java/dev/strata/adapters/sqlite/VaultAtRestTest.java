package dev.strata.adapters.sqlite;

import dev.strata.application.vault.VaultService;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.vault.CredentialScrubber;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Issue 13: "vault values sit in plaintext in the database file and its backups". Secret values are
 * sealed under a key kept outside the data directory; the file, its WAL and a backup hold
 * ciphertext only; values stored in clear before are sealed at start; keys rotate without loss.
 */
class VaultAtRestTest {

    private static final Tenant ACME = Tenant.of("acme");
    private static final String SECRET = "sk-live-Vq83hZt0pLw5Kd2m";

    @TempDir
    Path root;
    private SqliteDatabase db;

    private Path dataDir() {
        return root.resolve("data");
    }

    private SqliteDatabase open() {
        db = SqliteDatabase.open(dataDir().resolve(SqliteDatabase.FILE_NAME), SqliteSettings.DEFAULTS, TempDatabase.CLOCK);
        return db;
    }

    @AfterEach
    void close() {
        if (db != null) {
            db.close();
        }
    }

    @Test
    void a_secret_is_sealed_in_the_file_its_wal_and_a_backup_and_the_key_lives_outside_the_data_directory()
            throws IOException {
        open();
        Path keyFile = VaultKeyFile.besideDataDir(dataDir());
        SqliteVaultStore store = new SqliteVaultStore(db, VaultKeyFile.keyring(keyFile, Optional.empty()));

        store.put(ACME, "STRIPE", SECRET, true, TempDatabase.CLOCK.instant());
        store.put(ACME, "progress", "page-17-of-40", false, TempDatabase.CLOCK.instant());

        assertThat(store.get(ACME, "STRIPE").orElseThrow().value()).isEqualTo(SECRET);
        assertThat(holds(db.file(), SECRET) || holds(wal(), SECRET)).as("file or WAL").isFalse();
        assertThat(holds(db.file(), "page-17-of-40") || holds(wal(), "page-17-of-40")).as("plain values stay plain")
                .isTrue();
        Path backup = root.resolve("backup.db");
        SqliteBackup.backup(db.file(), backup, false);
        assertThat(holds(backup, SECRET)).as("backup").isFalse();
        assertThat(keyFile).exists().hasParent(root);
        assertThat(keyFile.startsWith(dataDir())).isFalse();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(keyFile))).isEqualTo("rw-------");
        try (var files = Files.list(dataDir())) {
            assertThat(files).noneMatch(f -> f.getFileName().toString().contains("key"));
        }
    }

    @Test
    void secrets_stored_in_clear_before_encryption_are_sealed_at_start_and_their_bytes_overwritten() throws IOException {
        open();
        TempDatabase.execute(db, "INSERT INTO vault(tenant, key, value, is_secret, updated_at) VALUES ('acme', 'OLD', '"
                + SECRET + "', 1, '2025-12-01T00:00:00Z')");
        TempDatabase.execute(db, "PRAGMA wal_checkpoint(TRUNCATE)");
        assertThat(holds(db.file(), SECRET)).as("the upgrade starts from a clear value").isTrue();
        SqliteVaultStore store = new SqliteVaultStore(db, VaultKeyFile.keyring(root.resolve("k"), Optional.empty()));
        CredentialScrubber scrubber = new CredentialScrubber();

        new VaultService(store, scrubber, TempDatabase.CLOCK, new SqliteAuditLog(db));

        assertThat(TempDatabase.column(db, "SELECT sealed_by FROM vault")).doesNotContainNull();
        assertThat(store.get(ACME, "OLD").orElseThrow().value()).isEqualTo(SECRET);
        assertThat(scrubber.scrub("x " + SECRET)).isEqualTo("x [REDACTED:vault:OLD]");
        assertThat(holds(db.file(), SECRET) || holds(wal(), SECRET)).as("overwritten, not only superseded").isFalse();
        assertThat(store.sealAtRest()).as("nothing left to seal").isZero();
    }

    @Test
    void a_vault_without_secrets_never_creates_a_key() {
        open();
        Path keyFile = root.resolve("never.vault-key");
        SqliteVaultStore store = new SqliteVaultStore(db, VaultKeyFile.keyring(keyFile, Optional.empty()));

        store.put(ACME, "progress", "3", false, TempDatabase.CLOCK.instant());
        new VaultService(store, new CredentialScrubber(), TempDatabase.CLOCK, new SqliteAuditLog(db));

        assertThat(store.get(ACME, "progress").orElseThrow().value()).isEqualTo("3");
        assertThat(keyFile).doesNotExist();
    }

    @Test
    void rotation_adds_a_key_reseals_every_value_at_start_and_the_old_key_can_then_go() throws IOException {
        open();
        Path keyFile = root.resolve("strata.vault-key");
        new SqliteVaultStore(db, VaultKeyFile.keyring(keyFile, Optional.empty()))
                .put(ACME, "STRIPE", SECRET, true, TempDatabase.CLOCK.instant());
        String oldId = TempDatabase.column(db, "SELECT sealed_by FROM vault").get(0);

        String newId = VaultKeyFile.rotate(keyFile);
        SqliteVaultStore restarted = new SqliteVaultStore(db, VaultKeyFile.keyring(keyFile, Optional.empty()));
        new VaultService(restarted, new CredentialScrubber(), TempDatabase.CLOCK, new SqliteAuditLog(db));

        assertThat(newId).isNotEqualTo(oldId);
        assertThat(TempDatabase.column(db, "SELECT sealed_by FROM vault")).containsExactly(newId);
        List<String> lines = Files.readAllLines(keyFile).stream().filter(l -> !l.startsWith("#")).toList();
        Files.writeString(keyFile, lines.get(0) + "\n");
        SqliteVaultStore withNewKeyOnly = new SqliteVaultStore(db, VaultKeyFile.keyring(keyFile, Optional.empty()));
        assertThat(withNewKeyOnly.get(ACME, "STRIPE").orElseThrow().value()).isEqualTo(SECRET);
    }

    @Test
    void a_value_sealed_by_a_key_that_is_gone_fails_loudly_naming_the_key() {
        open();
        new SqliteVaultStore(db, VaultKeyring.of(List.of(VaultKeyring.newKey())))
                .put(ACME, "STRIPE", SECRET, true, TempDatabase.CLOCK.instant());
        String id = TempDatabase.column(db, "SELECT sealed_by FROM vault").get(0);
        SqliteVaultStore otherKey = new SqliteVaultStore(db, VaultKeyring.of(List.of(VaultKeyring.newKey())));

        assertThatThrownBy(otherKey::secrets).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("sealed by key " + id).hasMessageContaining("not in the vault keyring");
    }

    @Test
    void a_sealed_value_copied_into_another_row_does_not_open() {
        open();
        SqliteVaultStore store = new SqliteVaultStore(db, VaultKeyring.of(List.of(VaultKeyring.newKey())));
        store.put(ACME, "STRIPE", SECRET, true, TempDatabase.CLOCK.instant());
        store.put(Tenant.of("mallory"), "MINE", "placeholder-123", true, TempDatabase.CLOCK.instant());

        TempDatabase.execute(db, "UPDATE vault SET value = (SELECT value FROM vault WHERE key = 'STRIPE') "
                + "WHERE key = 'MINE'");

        assertThatThrownBy(() -> store.get(Tenant.of("mallory"), "MINE")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("cannot be opened");
    }

    @Test
    void a_key_file_others_can_read_is_refused_with_the_fix() throws IOException {
        Path keyFile = root.resolve("loose.vault-key");
        Files.writeString(keyFile, Base64.getEncoder().encodeToString(VaultKeyring.newKey()) + "\n");
        Files.setPosixFilePermissions(keyFile, PosixFilePermissions.fromString("rw-r--r--"));

        assertThatThrownBy(() -> VaultKeyFile.keyring(keyFile, Optional.empty()).currentId())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("chmod 600 " + keyFile);
    }

    @Test
    void keys_in_the_environment_take_precedence_and_no_file_is_written() {
        open();
        byte[] key = VaultKeyring.newKey();
        Path keyFile = root.resolve("unused.vault-key");
        SqliteVaultStore store = new SqliteVaultStore(db, VaultKeyFile.keyring(keyFile,
                Optional.of(" " + Base64.getEncoder().encodeToString(key) + " ")));

        store.put(ACME, "STRIPE", SECRET, true, TempDatabase.CLOCK.instant());

        assertThat(keyFile).doesNotExist();
        assertThat(TempDatabase.column(db, "SELECT sealed_by FROM vault")).containsExactly(VaultKeyring.idOf(key));
        assertThatThrownBy(() -> VaultKeyFile.keyring(keyFile, Optional.of("bm90LWEta2V5")).currentId())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("32");
    }

    private Path wal() {
        return db.file().resolveSibling(db.file().getFileName() + "-wal");
    }

    private static boolean holds(Path file, String text) throws IOException {
        return Files.exists(file) && SecretsCannotBeRecoveredTest.indexOf(Files.readAllBytes(file),
                text.getBytes(StandardCharsets.UTF_8)) >= 0;
    }
}
