package dev.strata.bootstrap.drills;

import dev.strata.bootstrap.Cli;

import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.bootstrap.SettingsLoader;
import dev.strata.bootstrap.Strata;
import dev.strata.bootstrap.StrataCore;
import dev.strata.bootstrap.StrataSettings;
import dev.strata.bootstrap.server.ServerSettings;
import dev.strata.bootstrap.storage.StorageSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteConfig;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * The storage failures of {@link StorageFailureTest} on real file systems instead of SQLite settings:
 * read-only and full tmpfs mounts at start, a tmpfs that fills up under the running server, and an ext4
 * file system the kernel switches read-only under it. Skipped (with the reason) where this process may
 * not mount; every mount is undone after each test, pass or fail.
 */
class MountedStorageFailureTest {

    @TempDir
    Path dir;

    private final Mounts mounts = new Mounts();

    @BeforeEach
    void mountingIsPermitted() {
        Mounts.assumeMountable();
    }

    @AfterEach
    void unmount() {
        mounts.close();
    }

    // ---- start-up ----

    @Test
    void serve_refuses_a_read_only_mount_with_no_database() throws Exception {
        Path data = mounts.tmpfs(dir.resolve("ro"), "ro,size=1m");

        Cli serve = serve(data);

        assertThat(serve.exitCode()).isEqualTo(1);
        assertThat(serve.err().strip()).as("one line, no stack trace").doesNotContain("\n")
                .startsWith("strata: the data directory " + data + " is on a read-only file system on " + data);
        assertThat(listing(data)).isEmpty();
    }

    @Test
    void serve_refuses_a_read_only_mount_holding_a_database_and_leaves_it_untouched() throws Exception {
        Path data = mounts.tmpfs(dir.resolve("ro-db"), "size=4m");
        List<Long> stored = writeAndStop(data, 3);
        String before = sha256(data.resolve(SqliteDatabase.FILE_NAME));
        Mounts.remount(data, "ro");

        Cli serve = serve(data);

        assertThat(serve.exitCode()).isEqualTo(1);
        assertThat(serve.err().strip()).doesNotContain("\n")
                .startsWith("strata: the data directory " + data + " is on a read-only file system");
        Mounts.remount(data, "rw");
        assertThat(sha256(data.resolve(SqliteDatabase.FILE_NAME))).isEqualTo(before);
        assertIntact(data, stored);
    }

    @Test
    void serve_refuses_a_full_file_system_with_no_database_and_creates_nothing() throws Exception {
        Path data = mounts.tmpfs(dir.resolve("full"), "size=256k");
        Mounts.fill(data, 0);

        Cli serve = serve(data);

        assertThat(serve.exitCode()).isEqualTo(1);
        assertThat(serve.err().strip()).doesNotContain("\n")
                .startsWith("strata: the data directory " + data + " is full: less than 1 MiB free (0 bytes usable on "
                        + data);
        assertThat(listing(data)).as("no empty strata.db, no lock file, no probe left behind")
                .containsExactly("filler");
    }

    @Test
    void serve_refuses_a_full_file_system_holding_a_database_and_leaves_it_untouched() throws Exception {
        Path data = mounts.tmpfs(dir.resolve("full-db"), "size=4m");
        List<Long> stored = writeAndStop(data, 3);
        String before = sha256(data.resolve(SqliteDatabase.FILE_NAME));
        Path filler = Mounts.fill(data, 0);

        Cli serve = serve(data);

        assertThat(serve.exitCode()).isEqualTo(1);
        assertThat(serve.err().strip()).doesNotContain("\n")
                .startsWith("strata: the data directory " + data + " is full");
        assertThat(sha256(data.resolve(SqliteDatabase.FILE_NAME))).isEqualTo(before);
        Files.delete(filler);
        assertIntact(data, stored);
    }

    /**
     * Past the start-up check (the disk filled in between, or by another process): the migrations of a
     * new database meet SQLITE_FULL. The operator gets one line; the file SQLite left is valid and the
     * next start, with room, finishes the migrations.
     */
    @Test
    void a_database_that_runs_out_of_room_while_migrating_fails_with_one_line_and_recovers() throws Exception {
        Path data = mounts.tmpfs(dir.resolve("nearly-full"), "size=2m");
        Path filler = Mounts.fill(data, 96 * 1024);
        StrataSettings settings = settings(data);

        assertThatThrownBy(() -> StrataCore.open(settings, Clock.systemUTC()).close())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("cannot open the database " + data.resolve(SqliteDatabase.FILE_NAME)
                        + ": the disk is full (")
                .hasMessageEndingWith(") in " + data)
                .hasMessageNotContaining("\n");

        Files.delete(filler);
        try (Connection c = DatabaseChecks.open(data.resolve(SqliteDatabase.FILE_NAME))) {
            assertThat(DatabaseChecks.integrityCheck(c)).containsExactly("ok");
        }
        assertIntact(data, writeAndStop(data, 1));
    }

    // ---- run time ----

    @Test
    void a_file_system_that_fills_under_the_server_refuses_writes_with_503_and_recovers_when_space_is_freed() throws Exception {
        Path data = mounts.tmpfs(dir.resolve("fills"), "size=4m");
        List<Long> acknowledged = new ArrayList<>();
        try (Strata strata = Strata.start(settings(data), Clock.systemUTC());
             DrillClient http = new DrillClient(strata::port)) {
            for (int i = 0; i < 3; i++) {
                acknowledged.add(id(http.send("POST", "/v1/memory", memory("before the disk filled " + i))));
            }
            // Leave a little room, so the server itself fills the last of it.
            Path filler = Mounts.fill(data, 256 * 1024);
            HttpResponse<String> refused = null;
            for (int i = 0; i < 400 && refused == null; i++) {
                HttpResponse<String> answer = http.send("POST", "/v1/memory",
                        memory("filling the disk " + i + " " + "f".repeat(4000)));
                if (answer.statusCode() == 201) {
                    acknowledged.add(DrillClient.json(answer).getJsonNumber("id").longValue());
                } else {
                    refused = answer;
                }
            }
            assertThat(refused).as("the disk never filled").isNotNull();
            assertThat(acknowledged).as("writes succeeded until the disk was full").hasSizeGreaterThan(3);

            // A refused COMMIT leaves the log grown by the frames it wrote, and a later, smaller transaction
            // may still fit there (and is then kept like any other). Writes larger than the refused one do not.
            List<HttpResponse<String>> answers = new ArrayList<>(List.of(refused));
            answers.add(http.send("POST", "/v1/memory", memory("x".repeat(8000))));
            answers.add(http.send("POST", "/v1/memory/batch", "{\"memories\":[" + memory("y".repeat(8000)) + ","
                    + memory("z".repeat(8000)) + "]}"));
            answers.add(http.send("PATCH", "/v1/memory/" + acknowledged.getFirst(),
                    "{\"content\":\"" + "w".repeat(8000) + "\"}"));
            answers.add(http.send("POST", "/v1/memory", memory("x again " + "x".repeat(8000))));
            DrillClient.assertUnavailable(answers);
            assertReadsWork(http, acknowledged);

            Files.delete(filler);
            acknowledged.add(id(http.send("POST", "/v1/memory", memory("after space was freed"))));
        }
        assertIntact(data, acknowledged);
    }

    @Test
    void a_file_system_turned_read_only_under_the_server_refuses_writes_with_503_and_keeps_serving_reads() throws Exception {
        Path data = mounts.ext4(dir.resolve("ext4.img"), dir.resolve("ext4"), 16);
        List<Long> acknowledged = new ArrayList<>();
        // The kernel aborts the ext4 journal as it goes read-only: what was not yet synced is lost, as in a
        // power cut. Only synchronous=FULL syncs at every commit, so only it can keep every acknowledged write.
        StorageSettings storage = settings(data).storage();
        StrataSettings durable = settings(data).with(new StorageSettings(storage.dataDir(), storage.poolSize(),
                storage.busyTimeout(), SQLiteConfig.SynchronousMode.FULL));
        try (Strata strata = Strata.start(durable, Clock.systemUTC());
             DrillClient http = new DrillClient(strata::port)) {
            for (int i = 0; i < 5; i++) {
                acknowledged.add(id(http.send("POST", "/v1/memory", memory("written while writable " + i))));
            }

            Mounts.failExt4(data);
            assertThat(Mounts.isReadOnly(data)).as("the kernel switched the file system read-only").isTrue();

            List<HttpResponse<String>> answers = new ArrayList<>();
            answers.add(http.send("POST", "/v1/memory", memory("x refused on a read-only disk")));
            answers.add(http.send("POST", "/v1/memory", memory("x refused again")));
            answers.add(http.send("DELETE", "/v1/memory/" + acknowledged.getFirst(), null));
            answers.add(http.send("PATCH", "/v1/memory/" + acknowledged.getFirst(), "{\"content\":\"changed\"}"));
            answers.add(http.send("POST", "/v1/tools/memory_write",
                    "{\"category\":\"lesson\",\"content\":\"x refused tool write\"}"));
            DrillClient.assertUnavailable(answers.subList(0, 4));
            assertThat(answers.get(4).statusCode()).as(answers.get(4).body()).isEqualTo(503);
            assertReadsWork(http, acknowledged);
        }
        // What an operator does next: unmount, repair, mount read-write again; the file must be whole.
        mounts.close();
        Mounts.Run fsck = Mounts.run("e2fsck", "-fy", dir.resolve("ext4.img").toString());
        assertThat(fsck.code()).as(fsck.output()).isLessThanOrEqualTo(1);
        mounts.ext4Existing(dir.resolve("ext4.img"), data);
        assertThat(Mounts.isReadOnly(data)).as("mounted read-write again").isFalse();
        assertIntact(data, acknowledged);
        List<Long> after = new ArrayList<>(acknowledged);
        after.addAll(writeAndStop(data, 1));
        assertIntact(data, after);
    }

    // ---- helpers ----

    private StrataSettings settings(Path data) {
        return SettingsLoader.fromDefaults().load().withDataDir(data)
                .withWorkspaceDir(dir.resolve("workspace"))
                .with(ServerSettings.on("127.0.0.1", 0));
    }

    /** {@code strata serve} in this JVM; a bounded wait, so a server that wrongly starts fails the test. */
    private Cli serve(Path data) {
        return assertTimeoutPreemptively(Duration.ofSeconds(60), () -> Cli.run("serve", "--port", "0",
                "--data-dir", data.toString(), "--workspace", dir.resolve("workspace").toString()));
    }

    /** Starts the server on data, writes n memories, stops it; returns their ids with those already there. */
    private List<Long> writeAndStop(Path data, int n) throws Exception {
        List<Long> ids = new ArrayList<>();
        try (Strata strata = Strata.start(settings(data), Clock.systemUTC());
             DrillClient http = new DrillClient(strata::port)) {
            for (int i = 0; i < n; i++) {
                ids.add(id(http.send("POST", "/v1/memory", memory("kept across the drill " + i))));
            }
        }
        return ids;
    }

    private static void assertReadsWork(DrillClient http, List<Long> acknowledged) {
        assertThat(http.send("GET", "/v1/memory/" + acknowledged.getFirst(), null).statusCode())
                .as("reads still work").isEqualTo(200);
        HttpResponse<String> search = http.send("POST", "/v1/memory/search", "{\"query\":\"writable OR filled\"}");
        assertThat(search.statusCode()).as(search.body()).isEqualTo(200);
        assertThat(DrillClient.json(search).getJsonArray("hits")).isNotEmpty();
    }

    /** Sound file, sound full-text index, exactly the acknowledged memories, none of the refused ones. */
    private static void assertIntact(Path data, List<Long> acknowledged) throws Exception {
        try (Connection c = DatabaseChecks.open(data.resolve(SqliteDatabase.FILE_NAME))) {
            assertThat(DatabaseChecks.integrityCheck(c)).containsExactly("ok");
            DatabaseChecks.ftsIntegrityCheck(c, "memories_fts");
            Set<Long> live = new TreeSet<>();
            try (Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT id FROM memories WHERE deleted_at IS NULL")) {
                while (rs.next()) {
                    live.add(rs.getLong(1));
                }
            }
            assertThat(live).containsExactlyInAnyOrderElementsOf(acknowledged);
            assertThat(DatabaseChecks.count(c, "SELECT COUNT(*) FROM memories WHERE content LIKE 'x%' "
                    + "OR content LIKE 'yyyy%' OR content LIKE 'wwww%' OR content = 'changed'")).isZero();
        }
    }

    private static List<String> listing(Path data) throws IOException {
        try (Stream<Path> files = Files.list(data)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static String sha256(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }

    private static String memory(String content) {
        return "{\"category\":\"lesson\",\"content\":\"" + content + "\"}";
    }

    private static long id(HttpResponse<String> response) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        return DrillClient.json(response).getJsonNumber("id").longValue();
    }
}
