package dev.strata.bootstrap.drills;

import dev.strata.bootstrap.Cli;

import dev.strata.bootstrap.SettingsLoader;
import dev.strata.bootstrap.Strata;
import dev.strata.bootstrap.StrataSettings;
import dev.strata.bootstrap.server.ServerSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An unusable data directory stops the server at start with a clear message; storage that fails at
 * run time (full, read-only) answers 503 with a problem body, never 500, and leaves the file intact.
 *
 * <p>The run-time conditions are produced inside SQLite on every pooled connection: {@code max_page_count}
 * pinned to the current size raises SQLITE_FULL exactly as a full disk does, and {@code query_only}
 * raises SQLITE_READONLY as a file remounted read-only does. They run everywhere; the same failures on real
 * file systems (which also fail at COMMIT, where these settings never do) are in
 * {@link MountedStorageFailureTest}, which needs the right to mount.
 */
class StorageFailureTest {

    @TempDir
    Path dir;

    private Strata start(Path data) {
        StrataSettings settings = SettingsLoader.fromDefaults().load().withDataDir(data)
                .withWorkspaceDir(dir.resolve("workspace"))
                .with(ServerSettings.on("127.0.0.1", 0));
        return Strata.start(settings, Clock.systemUTC());
    }

    @Test
    void a_data_directory_that_cannot_hold_the_database_stops_serve_with_a_clear_message() throws Exception {
        Path notADirectory = Files.writeString(dir.resolve("data"), "a file, not a directory");
        Cli serve = Cli.run("serve", "--port", "0", "--data-dir", notADirectory.toString(),
                "--workspace", dir.resolve("workspace").toString());
        assertThat(serve.exitCode()).isEqualTo(1);
        assertThat(serve.err()).contains("strata: the data directory " + notADirectory + " is not a directory");

        Path missingParent = dir.resolve("data/below-a-file");
        Cli below = Cli.run("serve", "--port", "0", "--data-dir", missingParent.toString(),
                "--workspace", dir.resolve("workspace").toString());
        assertThat(below.exitCode()).isEqualTo(1);
        assertThat(below.err()).contains("strata: cannot create the data directory");
    }

    @Test
    void a_full_database_answers_503_for_every_kind_of_write_and_keeps_the_file_intact() throws Exception {
        Path data = dir.resolve("data");
        List<Long> stored = new ArrayList<>();
        try (Strata strata = start(data); DrillClient http = new DrillClient(strata::port)) {
            for (int i = 0; i < 5; i++) {
                stored.add(id(http.send("POST", "/v1/memory", memory("before the disk filled " + i))));
            }
            onEveryConnection(strata, "PRAGMA max_page_count = " + pageCount(strata));

            List<HttpResponse<String>> answers = new ArrayList<>();
            // Free space inside existing pages absorbs a few small writes; a large one needs new pages.
            answers.add(http.send("POST", "/v1/memory", memory("x".repeat(8000))));
            answers.add(http.send("POST", "/v1/memory/batch", "{\"memories\":[" + memory("y".repeat(8000)) + ","
                    + memory("z".repeat(8000)) + "]}"));
            answers.add(http.send("PATCH", "/v1/memory/" + stored.getFirst(),
                    "{\"content\":\"" + "w".repeat(8000) + "\"}"));
            answers.add(http.send("PUT", "/v1/profile/notes", "{\"value\":\"" + "v".repeat(1900) + "\"}"));
            DrillClient.assertUnavailable(answers);

            assertThat(http.send("GET", "/v1/memory/" + stored.getFirst(), null).statusCode())
                    .as("reads still work").isEqualTo(200);
        }
        assertIntact(data, stored);
    }

    @Test
    void a_read_only_database_answers_503_and_keeps_the_file_intact() throws Exception {
        Path data = dir.resolve("data");
        List<Long> stored = new ArrayList<>();
        try (Strata strata = start(data); DrillClient http = new DrillClient(strata::port)) {
            stored.add(id(http.send("POST", "/v1/memory", memory("written while writable"))));
            onEveryConnection(strata, "PRAGMA query_only = 1");

            List<HttpResponse<String>> answers = new ArrayList<>();
            answers.add(http.send("POST", "/v1/memory", memory("refused")));
            answers.add(http.send("DELETE", "/v1/memory/" + stored.getFirst(), null));
            answers.add(http.send("PATCH", "/v1/memory/" + stored.getFirst(), "{\"content\":\"changed\"}"));
            answers.add(http.send("POST", "/v1/tools/memory_write",
                    "{\"category\":\"lesson\",\"content\":\"refused tool write\"}"));
            DrillClient.assertUnavailable(answers.subList(0, 3));
            assertThat(answers.get(3).statusCode()).isEqualTo(503);
        }
        assertIntact(data, stored);
    }

    private static void assertIntact(Path data, List<Long> stored) throws Exception {
        try (Connection c = DatabaseChecks.open(data.resolve("strata.db"))) {
            assertThat(DatabaseChecks.integrityCheck(c)).containsExactly("ok");
            DatabaseChecks.ftsIntegrityCheck(c, "memories_fts");
            assertThat(DatabaseChecks.count(c, "SELECT COUNT(*) FROM memories WHERE deleted_at IS NULL"))
                    .isEqualTo(stored.size());
            assertThat(DatabaseChecks.count(c, "SELECT COUNT(*) FROM memories WHERE content LIKE '%xxxx%' "
                    + "OR content LIKE '%wwww%' OR content = 'changed'")).isZero();
        }
    }

    /** Borrows every connection the pool can hold at once, so the setting reaches all of them. */
    private static void onEveryConnection(Strata strata, String pragma) throws Exception {
        List<Connection> all = new ArrayList<>();
        try {
            for (int i = 0; i < StrataSettingsPool.SIZE; i++) {
                Connection c = strata.core().database().connection();
                all.add(c);
                try (Statement s = c.createStatement()) {
                    s.execute(pragma);
                }
            }
        } finally {
            for (Connection c : all) {
                c.close();
            }
        }
    }

    private static long pageCount(Strata strata) throws Exception {
        try (Connection c = strata.core().database().connection()) {
            return DatabaseChecks.count(c, "PRAGMA page_count");
        }
    }

    private static String memory(String content) {
        return "{\"category\":\"lesson\",\"content\":\"" + content + "\"}";
    }

    private static long id(HttpResponse<String> response) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        return DrillClient.json(response).getJsonNumber("id").longValue();
    }

    /** The default pool size (strata.sqlite.pool-size) the test borrows in full. */
    private static final class StrataSettingsPool {
        static final int SIZE = SettingsLoader.fromDefaults().load().storage().poolSize();
    }
}
