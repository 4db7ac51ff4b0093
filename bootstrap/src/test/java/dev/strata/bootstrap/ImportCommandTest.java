package dev.strata.bootstrap;

import dev.strata.application.learning.MethodologyDraft;
import dev.strata.application.learning.ProposePreference;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code strata import} on a real data directory: a signed export of this instance brings lost rows back
 * with their state (channel A); an edited file is imported as new and quarantined (channel B); a dry
 * run writes nothing.
 */
class ImportCommandTest {

    private static final Tenant DESK = Tenant.of("desk");

    @TempDir
    Path dataDir;
    @TempDir
    Path exports;

    private final Cli.Shell shell = new Cli.Shell();

    private StrataCore open() {
        return StrataCore.open(SettingsLoader.fromDefaults().load().withDataDir(dataDir).withoutEmbeddings(),
                Clock.systemUTC());
    }

    /** A graduated methodology (22 of 30) and an active preference, exported signed, then lost. */
    private Path exportedThenLost() throws Exception {
        try (StrataCore core = open()) {
            long id = core.learning().methodologies().create(DESK, new MethodologyDraft("crypto_major", "Buy the dip",
                    "Buy BTC after a 20% drawdown.", Optional.empty())).methodology().id().value();
            sql(core, "UPDATE methodologies SET successes = 22, times_used = 30, confidence = 0.556, quarantine = 0 "
                    + "WHERE id = " + id);
            var p = core.learning().preferences().propose(DESK, new ProposePreference("slippage", "Keep slippage under 0.5%",
                    Optional.empty(), Optional.of(3L), Optional.of("user"))).preference();
            core.learning().preferences().approve(DESK, p.id());
        }
        Path out = exports.resolve("bundle");
        assertThat(shell.run("export", "--tenant", "desk", "--sign", "--out", out.toString(), "--data-dir",
                dataDir.toString())).isZero();
        try (StrataCore core = open()) {
            sql(core, "DELETE FROM methodologies");
            sql(core, "DELETE FROM learned_preferences");
        }
        return out;
    }

    @Test
    void a_signed_export_brings_the_lost_rows_back_with_their_state_and_a_dry_run_writes_nothing() throws Exception {
        Path bundle = exportedThenLost();

        assertThat(shell.run("import", bundle.toString(), "--tenant", "desk", "--data-dir", dataDir.toString())).isZero();
        assertThat(shell.out()).contains("import dry run: signed (channel A where a file verifies) bundle",
                "methodologies/crypto_major/1.md [A] would restore: graduated at confidence 0.556 (22/30)",
                "preferences/slippage/1.md [A] would activate");
        assertThat(rows("SELECT COUNT(*) FROM methodologies")).containsExactly("0");
        assertThat(rows("SELECT COUNT(*) FROM audit_log WHERE action LIKE 'memory_import%'")).containsExactly("0");

        assertThat(shell.run("import", bundle.toString(), "--tenant", "desk", "--apply", "--data-dir",
                dataDir.toString())).isZero();
        assertThat(shell.out()).contains("[A] restored", "[A] activated");
        assertThat(rows("SELECT successes || '/' || times_used || ' ' || confidence || ' q' || quarantine || ' '"
                + " || provenance FROM methodologies WHERE tenant = 'desk'")).containsExactly("22/30 0.556 q0 imported");
        assertThat(rows("SELECT state || ' ' || source FROM learned_preferences WHERE tenant = 'desk'"))
                .containsExactly("active import");
        assertThat(rows("SELECT action FROM audit_log WHERE action LIKE 'memory_import%' ORDER BY id"))
                .containsExactly("memory_import.signed", "memory_import.signed");
    }

    @Test
    void an_edited_file_comes_in_through_channel_b_quarantined_and_a_bad_file_exits_one() throws Exception {
        Path bundle = exportedThenLost();
        Path m = bundle.resolve("methodologies/crypto_major/1.md");
        Files.writeString(m, Files.readString(m).replace("20% drawdown", "25% drawdown"));
        Files.writeString(bundle.resolve("methodologies/crypto_major/9.md"), "not an export file");

        assertThat(shell.run("import", bundle.toString(), "--tenant", "desk", "--apply", "--data-dir",
                dataDir.toString())).isEqualTo(1);

        assertThat(shell.out()).contains("methodologies/crypto_major/1.md [B] created",
                "methodologies/crypto_major/9.md [B] rejected", "preferences/slippage/1.md [A] activated");
        assertThat(rows("SELECT quarantine || ' ' || times_used || ' ' || body FROM methodologies"))
                .containsExactly("1 0 Buy BTC after a 25% drawdown.");
    }

    @Test
    void a_directory_that_is_not_there_is_a_usage_error() {
        assertThat(shell.run("import", dataDir.resolve("missing").toString(), "--data-dir", dataDir.toString()))
                .isEqualTo(2);
        assertThat(shell.err()).contains("is not a directory");
    }

    private List<String> rows(String query) throws SQLException {
        try (StrataCore core = open(); Connection c = core.database().connection(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery(query)) {
            List<String> out = new ArrayList<>();
            while (r.next()) {
                out.add(r.getString(1));
            }
            return out;
        }
    }

    private static void sql(StrataCore core, String statement) throws SQLException {
        try (Connection c = core.database().connection(); Statement s = c.createStatement()) {
            s.execute(statement);
        }
    }
}
