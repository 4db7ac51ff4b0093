package dev.strata.bootstrap;

import dev.strata.adapters.sqlite.SqliteRoleMemoryStore;
import dev.strata.application.learning.MethodologyDraft;
import dev.strata.application.learning.ProposePreference;
import dev.strata.application.learning.RecordTrade;
import dev.strata.application.role.RecordDecision;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.role.Classification;
import dev.strata.domain.role.Reflection;
import dev.strata.domain.role.RoleInputs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code strata export} on a real data directory: the spec's tree with a trade case per reflected
 * role-memory decision, hard constraints left out unless asked for, secrets scrubbed from every file,
 * and a signature the database's own key verifies.
 */
class ExportCommandTest {

    private static final Tenant DESK = Tenant.of("desk");
    private static final String SECRET = "sk-live-export-0123456789";

    @TempDir
    Path dataDir;

    private final Cli.Shell shell = new Cli.Shell();

    private StrataCore open() {
        return StrataCore.open(SettingsLoader.fromDefaults().load().withDataDir(dataDir).withoutEmbeddings(),
                Clock.systemUTC());
    }

    private long seed() throws Exception {
        Files.createDirectories(dataDir.resolve("roles"));
        Files.writeString(dataDir.resolve("roles/thesis.yaml"), """
                skill: research.thesis
                roles:
                  - id: research.thesis.long
                    label: Long-term thesis
                    failureModes: [narrative over numbers]
                    reflectionPrompt: "Thesis {decision} ({asset}) turned out {pnl}; classified {type}. One lesson."
                    reflectionPolicy:
                      outcomeProbe: {kind: manual}
                      minAgeHours: 0
                      maxAgeHours: 8760
                """);
        try (StrataCore core = open()) {
            var learning = core.learning();
            long m = learning.methodologies().create(DESK, new MethodologyDraft("crypto_major", "Buy the dip",
                    "Buy BTC after a 20% drawdown.", Optional.empty())).methodology().id().value();
            var normal = learning.preferences().propose(DESK, new ProposePreference("slippage", "Keep slippage under 0.5%",
                    Optional.empty(), Optional.of(3L), Optional.of("user"))).preference();
            learning.preferences().approve(DESK, normal.id());
            var hard = learning.preferences().propose(DESK, new ProposePreference("leverage",
                    "Never use more than 2x leverage", Optional.of("hard_constraint"), Optional.of(3L), Optional.of("user")))
                    .preference();
            learning.preferences().approve(DESK, hard.id());
            learning.trades().record(new RecordTrade(DESK, "SOL", "crypto_alt", "long", BigDecimal.ONE, new BigDecimal("150"),
                    Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), List.of(), Optional.empty(),
                    Optional.empty()));
            var entry = core.role().roles().record(new RecordDecision(DESK, "research.thesis.long", RoleInputs.EMPTY,
                    "long ETH on the staking thesis", Optional.of("ETH")), TestActors.OPERATOR_ACTOR);
            new SqliteRoleMemoryStore(core.database()).reflect(DESK, entry.id(), new Reflection(Classification.LOGIC_ERROR,
                    "Ignored the unlock schedule.", Optional.of("Read the unlock calendar first."), "stub", Instant.now()));
            core.role().roles().record(new RecordDecision(DESK, "research.thesis.long", RoleInputs.EMPTY, "still pending",
                    Optional.of("SOL")), TestActors.OPERATOR_ACTOR);
            core.access().vault().set(DESK, "OPENAI_API_KEY", SECRET, true, TestActors.OPERATOR_ACTOR);
            // A secret already in stored text (written before the vault knew it): the export still scrubs it.
            try (Connection c = core.database().connection(); Statement s = c.createStatement()) {
                s.executeUpdate("UPDATE methodologies SET body = 'Buy BTC after a 20% drawdown. Key " + SECRET + "' WHERE id = " + m);
            }
            return entry.id().value();
        }
    }

    @Test
    void the_export_writes_the_spec_tree_with_a_trade_case_per_reflected_decision_and_no_secret() throws Exception {
        long reflected = seed();
        Path out = dataDir.resolve("out");

        assertThat(shell.run("export", "--tenant", "desk", "--out", out.toString(), "--data-dir", dataDir.toString()))
                .isZero();

        assertThat(shell.out()).contains("exported 1 methodologies, 1 preferences (1 hard constraints left out), "
                + "1 trade cases, 2 asset pages to " + out.toAbsolutePath());
        assertThat(files(out)).containsExactly("assets/ETH.md", "assets/SOL.md", "index.md",
                "methodologies/crypto_major/1.md", "preferences/README.md", "preferences/slippage/1.md",
                "trade-cases/" + reflected + ".md");
        assertThat(Files.readString(out.resolve("trade-cases/" + reflected + ".md"))).contains("kind: \"trade_case\"",
                "role: \"research.thesis.long\"", "long ETH on the staking thesis", "Read the unlock calendar first.");
        assertThat(Files.readString(out.resolve("index.md"))).contains("schema_version: ", "instance_id: \"");
        for (String f : files(out)) {
            String text = Files.readString(out.resolve(f));
            assertThat(text).as(f).doesNotContain(SECRET, "Never use more than 2x");
        }
        assertThat(Files.readString(out.resolve("methodologies/crypto_major/1.md")))
                .contains("Key [REDACTED:vault:OPENAI_API_KEY]");

        assertThat(shell.run("export", "--tenant", "desk", "--out", out.toString(), "--data-dir", dataDir.toString()))
                .as("never into a non-empty directory").isEqualTo(1);
        assertThat(shell.err()).contains("is not empty");
    }

    @Test
    void a_signed_export_with_constraints_verifies_against_the_key_kept_in_the_database() throws Exception {
        seed();

        assertThat(shell.run("export", "--tenant", "desk", "--sign", "--include-constraints", "--data-dir",
                dataDir.toString())).isZero();

        Path exports = dataDir.resolve("exports");
        Path out;
        try (Stream<Path> dirs = Files.list(exports)) {
            out = dirs.findFirst().orElseThrow();
        }
        assertThat(out.getFileName().toString()).matches("\\d{8}T\\d{6}Z");
        assertThat(Files.readString(out.resolve("preferences/leverage/2.md"))).contains("Never use more than 2x leverage");
        String signature = Files.readString(out.resolve("signature.txt"));
        byte[] key = key();
        String hexKey = HexFormat.of().formatHex(key);
        List<String> signed = files(out).stream().filter(f -> !f.equals("signature.txt")).toList();
        assertThat(signature).contains("files: " + signed.size());
        for (String f : signed) {
            String text = Files.readString(out.resolve(f));
            assertThat(signature).contains(hmac(key, f + "\n" + text) + "  " + f + "\n");
            assertThat(text).doesNotContain(hexKey);
        }
        String id = HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(key)).substring(0, 16);
        assertThat(shell.out()).contains("signed (instance " + id + ")");
        assertThat(Files.readString(out.resolve("index.md"))).contains("instance_id: \"" + id + "\"");
    }

    @Test
    void a_bad_tenant_is_a_usage_error() {
        assertThat(shell.run("export", "--tenant", "bad tenant!", "--data-dir", dataDir.toString())).isEqualTo(2);
        assertThat(shell.err()).contains("--tenant");
    }

    private byte[] key() throws Exception {
        try (StrataCore core = open(); Connection c = core.database().connection(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT value FROM instance_meta WHERE key = 'hmac_key'")) {
            assertThat(r.next()).isTrue();
            return HexFormat.of().parseHex(r.getString(1));
        }
    }

    private static String hmac(byte[] key, String text) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return HexFormat.of().formatHex(mac.doFinal(text.getBytes(StandardCharsets.UTF_8)));
    }

    private static List<String> files(Path root) throws Exception {
        try (Stream<Path> all = Files.walk(root)) {
            return all.filter(Files::isRegularFile).map(p -> root.relativize(p).toString().replace('\\', '/')).sorted()
                    .toList();
        }
    }
}
