package dev.strata.adapters.sqlite;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;

import static org.assertj.core.api.Assertions.assertThat;

/** The instance key on a real file: made once, kept across opens, used for HMAC-SHA256, fingerprinted. */
class SqliteInstanceIdentityTest {

    @TempDir
    Path dir;

    @Test
    void the_key_is_made_once_kept_across_reopens_and_signs_with_hmac_sha256() throws Exception {
        String id;
        String signature;
        try (SqliteDatabase db = TempDatabase.open(dir)) {
            SqliteInstanceIdentity identity = new SqliteInstanceIdentity(db);
            id = identity.instanceId();
            signature = identity.sign("hello".getBytes(StandardCharsets.UTF_8));
            assertThat(new SqliteInstanceIdentity(db).instanceId()).as("a second instance reads the same key").isEqualTo(id);
        }
        try (SqliteDatabase db = TempDatabase.open(dir)) {
            SqliteInstanceIdentity identity = new SqliteInstanceIdentity(db);
            assertThat(identity.instanceId()).isEqualTo(id).matches("[0-9a-f]{16}");
            assertThat(identity.sign("hello".getBytes(StandardCharsets.UTF_8))).isEqualTo(signature);
            assertThat(identity.sign("hello!".getBytes(StandardCharsets.UTF_8))).isNotEqualTo(signature);

            byte[] key = HexFormat.of().parseHex(TempDatabase.column(db,
                    "SELECT value FROM instance_meta WHERE key = 'hmac_key'").getFirst());
            assertThat(key).hasSize(32);
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            assertThat(signature).isEqualTo(HexFormat.of().formatHex(mac.doFinal("hello".getBytes(StandardCharsets.UTF_8))));
            assertThat(id).isEqualTo(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(key))
                    .substring(0, 16));
            assertThat(identity.schemaVersion()).isEqualTo(Schema.MIGRATIONS.getLast().version());
        }
    }

    @Test
    void another_database_has_another_key() throws Exception {
        java.nio.file.Files.createDirectories(dir.resolve("a"));
        java.nio.file.Files.createDirectories(dir.resolve("b"));
        String first;
        try (SqliteDatabase db = TempDatabase.open(dir.resolve("a"))) {
            first = new SqliteInstanceIdentity(db).instanceId();
        }
        try (SqliteDatabase db = TempDatabase.open(dir.resolve("b"))) {
            assertThat(new SqliteInstanceIdentity(db).instanceId()).isNotEqualTo(first);
        }
    }
}
