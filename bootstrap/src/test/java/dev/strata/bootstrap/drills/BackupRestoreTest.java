package dev.strata.bootstrap.drills;

import dev.strata.bootstrap.Cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Backup and restore drill: {@code strata backup} runs while clients write to a live server in another
 * process; the copy passes the integrity check and holds every write acknowledged before it began;
 * {@code strata restore} is refused while that server lives and, once it is gone (killed, leaving its
 * WAL behind), brings back exactly the backup.
 */
class BackupRestoreTest {

    private static final int WRITERS = 3;

    @TempDir
    Path dir;

    @Test
    void a_backup_taken_under_write_load_restores_every_write_acknowledged_before_it() throws Exception {
        Path data = dir.resolve("data");
        Path log = dir.resolve("server.log");
        Path backup = dir.resolve("backups/strata-backup.db");
        Set<Long> acknowledged = ConcurrentHashMap.newKeySet();
        AtomicBoolean writing = new AtomicBoolean(true);
        Set<Long> beforeBackup;
        int afterBackup;

        ServerProcess server = ServerProcess.start(data, dir.resolve("workspace"), log);
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        try (DrillClient client = new DrillClient(server::port)) {
            List<Future<?>> writers = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                int writer = w;
                writers.add(pool.submit(() -> {
                    for (long seq = 0; writing.get(); seq++) {
                        Optional<HttpResponse<String>> r = client.trySend("POST", "/v1/memory",
                                "{\"category\":\"lesson\",\"content\":\"backup drill " + writer + "-" + seq + "\"}");
                        if (r.isPresent() && r.get().statusCode() == 201) {
                            acknowledged.add(DrillClient.json(r.get()).getJsonNumber("id").longValue());
                        }
                    }
                }));
            }
            awaitAtLeast(acknowledged, 100);
            beforeBackup = Set.copyOf(acknowledged);
            Cli backedUp = Cli.run("backup", backup.toString(), "--data-dir", data.toString());
            assertThat(backedUp.exitCode()).as(backedUp.err()).isZero();
            assertThat(backedUp.out()).contains("strata: backed up", backup.toString());

            Cli refused = Cli.run("restore", backup.toString(), "--data-dir", data.toString());
            assertThat(refused.exitCode()).isEqualTo(1);
            assertThat(refused.err()).contains("is in use");

            int atBackup = acknowledged.size();
            awaitAtLeast(acknowledged, atBackup + 30);
            writing.set(false);
            for (Future<?> f : writers) {
                f.get();
            }
            afterBackup = acknowledged.size() - beforeBackup.size();
        } finally {
            pool.shutdownNow();
        }

        try (Connection c = DatabaseChecks.open(backup)) {
            assertThat(DatabaseChecks.integrityCheck(c)).containsExactly("ok");
            DatabaseChecks.ftsIntegrityCheck(c, "memories_fts");
            assertThat(ids(c)).containsAll(beforeBackup);
        }
        assertThat(Cli.run("backup", backup.toString(), "--data-dir", data.toString()).err())
                .contains("already exists");

        // A crash leaves committed writes in the WAL; the restore must not let them replay onto the backup.
        server.kill();
        assertThat(data.resolve("strata.db-wal")).exists();
        Cli restored = Cli.run("restore", backup.toString(), "--data-dir", data.toString());
        assertThat(restored.exitCode()).as(restored.err()).isZero();
        assertThat(data.resolve("strata.db-wal")).doesNotExist();

        Set<Long> inBackup;
        try (Connection c = DatabaseChecks.open(backup)) {
            inBackup = ids(c);
        }
        ServerProcess again = ServerProcess.start(data, dir.resolve("workspace"), log);
        try (DrillClient client = new DrillClient(again::port)) {
            for (long id : beforeBackup) {
                assertThat(client.send("GET", "/v1/memory/" + id, null).statusCode()).as("memory #%d", id).isEqualTo(200);
            }
            for (long id : acknowledged) {
                if (!inBackup.contains(id)) {
                    assertThat(client.send("GET", "/v1/memory/" + id, null).statusCode())
                            .as("memory #%d was written after the backup", id).isEqualTo(404);
                }
            }
        } finally {
            assertThat(again.terminate()).isIn(0, 143);
        }
        try (Connection c = DatabaseChecks.open(data.resolve("strata.db"))) {
            assertThat(DatabaseChecks.integrityCheck(c)).containsExactly("ok");
            assertThat(ids(c)).isEqualTo(inBackup);
        }
        System.out.printf("backup drill: %d writes acknowledged before the backup all restored; %d more written "
                + "during and after it; restore refused while live%n", beforeBackup.size(), afterBackup);
    }

    @Test
    void the_commands_have_help_and_reject_bad_arguments() throws Exception {
        assertThat(Cli.run("backup", "--help").exitCode()).isZero();
        assertThat(Cli.run("restore", "--help").out()).contains("Refused while a server");
        assertThat(Cli.run("backup").exitCode()).isEqualTo(2);
        assertThat(Cli.run("restore").exitCode()).isEqualTo(2);
        assertThat(Cli.run("backup", "x.db", "--bogus").exitCode()).isEqualTo(2);

        Cli noDatabase = Cli.run("backup", dir.resolve("b.db").toString(), "--data-dir", dir.resolve("none").toString());
        assertThat(noDatabase.exitCode()).isEqualTo(1);
        assertThat(noDatabase.err()).contains("there is no database");

        Path notABackup = Files.writeString(dir.resolve("notes.txt"), "not a database");
        Cli bad = Cli.run("restore", notABackup.toString(), "--data-dir", dir.resolve("data").toString());
        assertThat(bad.exitCode()).isEqualTo(1);
        assertThat(bad.err()).contains("not a readable SQLite database");
        assertThat(dir.resolve("data/strata.db")).doesNotExist();
    }

    private static Set<Long> ids(Connection c) throws Exception {
        Set<Long> ids = new HashSet<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT id FROM memories")) {
            while (rs.next()) {
                ids.add(rs.getLong(1));
            }
        }
        return ids;
    }

    private static void awaitAtLeast(Set<Long> acknowledged, int n) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (acknowledged.size() < n) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("only " + acknowledged.size() + " writes acknowledged");
            }
            Thread.sleep(10);
        }
    }
}
