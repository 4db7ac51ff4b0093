package dev.strata.adapters.sqlite;

import dev.strata.adapters.sqlite.vec.SqliteVecExtension;
import dev.strata.application.fact.ConsolidationSettings;
import dev.strata.application.fact.FactConsolidator;
import dev.strata.application.fact.GeneralFactService;
import dev.strata.application.memory.MemoryLimits;
import dev.strata.application.memory.MemoryService;
import dev.strata.application.memory.SaveMemory;
import dev.strata.application.memory.SearchResults;
import dev.strata.application.memory.WriteMemory;
import dev.strata.application.languagemodel.DisabledLanguageModel;
import dev.strata.application.profile.ProfileService;
import dev.strata.application.session.SessionService;
import dev.strata.application.snapshot.SnapshotService;
import dev.strata.application.vault.ScrubbedAuditLog;
import dev.strata.application.vault.VaultService;
import dev.strata.domain.graph.EdgeExtractor;
import dev.strata.domain.graph.FinanceEntityExtractor;
import dev.strata.domain.fact.Fact;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.SearchHit;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.Embedding;
import dev.strata.domain.vault.CredentialScrubber;
import dev.strata.domain.vault.SecretVariants;
import dev.strata.domain.workspace.InMemoryWorkspaceReader;
import dev.strata.domain.workspace.WorkspaceLimits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 13, "Secrets cannot be recovered", on real SQLite: search (keyword and vector) can neither
 * find nor confirm a registered secret, whether it was registered before or after the text holding
 * it was written, and no output built from stored text shows any disguise of it.
 */
class SecretsCannotBeRecoveredTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);
    private static final Tenant ACME = Tenant.of("acme");
    private static final String SECRET = "sk_live_Q7fW2mXp9LzR4tB8";
    private static final String ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

    @TempDir
    static Path libraries;
    private static SqliteVecExtension extension;

    @TempDir
    Path data;
    private SqliteDatabase db;
    private SqliteMemoryStore memoryStore;
    private SqliteVectorStore vectors;
    private CredentialScrubber scrubber;
    private MemoryService memories;
    private GeneralFactService facts;
    private ProfileService profile;
    private SnapshotService snapshots;
    private SqliteSessionStore sessionStore;
    private SqliteAuditLog auditStore;
    private VaultService vault;

    @BeforeAll
    static void loadVec() {
        extension = SqliteVecExtension.bundled(libraries);
        assertThat(extension.isAvailable()).as("sqlite-vec must load here: %s", extension.unavailableReason()).isTrue();
    }

    @BeforeEach
    void open() {
        db = SqliteDatabase.open(data.resolve("strata.db"), SqliteSettings.DEFAULTS, CLOCK, extension);
        scrubber = new CredentialScrubber();
        EdgeExtractor edges = new EdgeExtractor(new FinanceEntityExtractor());
        memoryStore = new SqliteMemoryStore(db, SqliteSettings.DEFAULTS.keywordCandidates());
        vectors = SqliteVectorStore.open(db, extension, 3).orElseThrow();
        auditStore = new SqliteAuditLog(db);
        memories = new MemoryService(memoryStore, new ScrubbedAuditLog(auditStore, scrubber), CLOCK, MemoryLimits.DEFAULTS,
                Duration.ofDays(30), request -> SearchResults.keywordOnly(memoryStore.search(request)), edges, scrubber);
        SqliteFactStore factStore = new SqliteFactStore(db);
        facts = new GeneralFactService(factStore, new FactConsolidator(new DisabledLanguageModel(), factStore, memoryStore,
                CLOCK, ConsolidationSettings.enabled("")), CLOCK, 2_000, scrubber, new SqliteAuditLog(db));
        SqliteUserProfileStore profileStore = new SqliteUserProfileStore(db);
        profile = new ProfileService(profileStore, CLOCK, scrubber, new SqliteAuditLog(db));
        snapshots = new SnapshotService(memoryStore, profileStore, 50, CLOCK, t -> facts.activeFacts(t, 50), scrubber);
        sessionStore = new SqliteSessionStore(db);
        vault = new VaultService(new SqliteVaultStore(db, SqliteVaultStoreTest.KEYS), scrubber, CLOCK,
                new SqliteStoredTextRedaction(db, CLOCK), edges, new SqliteAuditLog(db));
    }

    @AfterEach
    void close() {
        db.close();
    }

    /**
     * The attack of the issue: knowing a memory reads "deploy token sk live ...", extend a guessed prefix
     * one character at a time with prefix-phrase searches. Any hit confirms a character.
     */
    private String prefixOracleRecovers(String knownPhrase, String firstGuess) {
        String recovered = firstGuess;
        boolean grew = true;
        while (grew && recovered.length() < 40) {
            grew = false;
            for (char c : ALPHABET.toCharArray()) {
                String query = "\"" + knownPhrase + "\" + " + recovered + c + "*";
                if (!memories.search(ACME, query, Optional.of(5), Optional.empty()).isEmpty()) {
                    recovered += c;
                    grew = true;
                    break;
                }
            }
        }
        return recovered;
    }

    @Test
    void prefix_phrase_searches_cannot_rebuild_a_secret_registered_before_the_text_was_written() {
        vault.set(ACME, "DEPLOY_TOKEN", SECRET, true, TestWrites.ACTOR);
        memories.write(new WriteMemory(ACME, "reference", "deploy token " + SECRET, Metadata.EMPTY, Optional.of(Source.AGENT_RECORDED), TestWrites.OPERATOR));

        assertThat(prefixOracleRecovers("deploy token sk live", "")).isEmpty();
        assertThat(memories.search(ACME, "q7fw2mxp9lzr4tb8", Optional.empty(), Optional.empty())).isEmpty();
        assertThat(memories.search(ACME, "\"sk live\"", Optional.empty(), Optional.empty())).isEmpty();
        assertThat(vocabulary()).noneMatch(t -> t.startsWith("q7f"));
    }

    @Test
    void a_secret_registered_after_the_text_was_written_stops_being_findable_and_leaves_every_table() throws IOException {
        Memory memory = memories.write(new WriteMemory(ACME, "reference", "deploy token " + SECRET + " on $BTC desk",
                Metadata.EMPTY, Optional.of(Source.AGENT_RECORDED), TestWrites.OPERATOR));
        memories.save(new SaveMemory(ACME, "deploy", "v1", Optional.of("decision"), Optional.empty(), Metadata.EMPTY, Optional.of(Source.AGENT_RECORDED), TestWrites.OPERATOR));
        memories.save(new SaveMemory(ACME, "deploy", "v2", Optional.of("decision"), Optional.of("rotated " + SECRET),
                Metadata.EMPTY, Optional.of(Source.AGENT_RECORDED), TestWrites.OPERATOR));
        Fact fact = facts.recordFact(ACME, "the deploy token is " + SECRET.toUpperCase(Locale.ROOT), Optional.empty(), TestWrites.OPERATOR);
        facts.consolidatePending(ACME);
        TempDatabase.execute(db, "INSERT INTO memory_consolidation_events(tenant, fact_id, target_kind, target_id, named, "
                + "decision, outcome, reason, model, prompt_hash, created_at) VALUES ('acme', " + fact.id().value()
                + ", 'fact', " + fact.id().value() + ", 'fact:1', 'keep', 'applied', 'the model quoted " + SECRET
                + "', 'm', 'h', '2026-01-01T00:00:00Z')");
        profile.set(ACME, "deploy_token", SECRET, TestWrites.ACTOR);
        InMemoryWorkspaceReader workspace = new InMemoryWorkspaceReader(WorkspaceLimits.defaults(), CLOCK);
        new SessionService(workspace, workspace, snapshots, profile, sessionStore,
                new SqliteSessionExplanationStore(db), Duration.ofHours(1), CLOCK, scrubber).start(ACME);
        vectors.replace(ACME, memory.id(), List.of(new Embedding(new float[] {1, 0, 0})));
        assertThat(prefixOracleRecovers("deploy token sk live", "")).as("the oracle works before").startsWith("q7f");
        assertThat(memories.search(ACME, "q7fw2mxp9lzr4tb8", Optional.empty(), Optional.empty())).isNotEmpty();

        vault.set(ACME, "DEPLOY_TOKEN", SECRET, true, TestWrites.ACTOR);

        assertThat(prefixOracleRecovers("deploy token sk live", "")).isEmpty();
        assertThat(memories.search(ACME, "q7fw2mxp9lzr4tb8", Optional.empty(), Optional.empty())).isEmpty();
        assertThat(memories.search(ACME, "\"deploy token sk live\" + q7*", Optional.empty(), Optional.empty())).isEmpty();
        assertThat(vocabulary()).noneMatch(t -> t.startsWith("q7f"));
        assertThat(memoryStore.find(ACME, memory.id()).orElseThrow().content())
                .isEqualTo("deploy token [REDACTED:vault:DEPLOY_TOKEN] on $BTC desk");
        assertThat(TempDatabase.column(db, "SELECT embedding_state FROM memories WHERE id = " + memory.id().value()))
                .containsExactly("pending");
        assertThat(vectors.nearest(ACME, new Embedding(new float[] {1, 0, 0}), 10)).as("vectors of the old text").isEmpty();
        assertThat(facts.get(ACME, fact.id()).normalized()).isEqualTo("the deploy token is [redacted:vault:deploy_token]");
        assertThat(TempDatabase.column(db, "SELECT value FROM user_profile")).containsExactly("[REDACTED:vault:DEPLOY_TOKEN]");
        for (String table : List.of("memories", "facts", "memory_consolidation_events", "user_profile", "audit_log",
                "sessions", "session_explanations", "memory_edges")) {
            assertThat(cells(table)).as(table).isNotEmpty().noneMatch(v -> SecretVariants.holds(v, SECRET));
        }
        assertThat(allText("audit_log", "detail")).anySatisfy(d -> assertThat(d).contains("rotated [REDACTED:vault:"));
        assertThat(allText("sessions", "prompt")).singleElement().satisfies(p -> assertThat(p).doesNotContain("Q7fW"));
        assertThat(fileHolds(SECRET)).as("the database file and its WAL").isFalse();
    }

    @Test
    void role_memory_written_before_the_secret_is_redacted_and_its_vector_dropped() {
        TempDatabase.execute(db, "INSERT INTO role_memory(tenant, role, decision, lesson, created_at, updated_at, "
                + "embedding, embedding_model) VALUES ('acme', 'trader', 'buy with key " + SECRET + "', 'lesson: "
                + SECRET.toUpperCase(Locale.ROOT) + "', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', X'0000', 'm')");
        TempDatabase.execute(db, "INSERT INTO role_memory_evidence(tenant, entry_id, kind, source, text, at) VALUES "
                + "('acme', 1, 'note', 'user', 'pasted " + SECRET + "', '2026-01-01T00:00:00Z')");
        String match = "SELECT rowid FROM role_memory_fts WHERE role_memory_fts MATCH 'q7fw2mxp9lzr4tb8'";
        assertThat(TempDatabase.column(db, match)).containsExactly("1");

        vault.set(ACME, "DEPLOY_TOKEN", SECRET, true, TestWrites.ACTOR);

        assertThat(TempDatabase.column(db, match)).isEmpty();
        assertThat(TempDatabase.column(db, "SELECT decision || ' / ' || lesson FROM role_memory"))
                .containsExactly("buy with key [REDACTED:vault:DEPLOY_TOKEN] / lesson: [REDACTED:vault:DEPLOY_TOKEN]");
        assertThat(TempDatabase.column(db, "SELECT count(*) FROM role_memory WHERE embedding IS NULL")).containsExactly("1");
        assertThat(cells("role_memory_evidence")).noneMatch(v -> SecretVariants.holds(v, SECRET));
    }

    @Test
    void no_disguise_of_a_secret_survives_any_writer_or_any_output_nor_answers_a_search() {
        Random random = new Random(20260101);
        List<String> secrets = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            secrets.add(SecretVariants.secret(random));
        }
        // Half registered before the text is written, half after.
        for (int i = 0; i < 3; i++) {
            vault.set(ACME, "K" + i, secrets.get(i), true, TestWrites.ACTOR);
        }
        for (int round = 0; round < 30; round++) {
            String secret = secrets.get(random.nextInt(secrets.size()));
            String variant = SecretVariants.variant(secret, random);
            String text = SecretVariants.filler(random) + variant + " " + SecretVariants.filler(random);
            memories.write(new WriteMemory(ACME, "observation", text, Metadata.EMPTY, Optional.of(Source.AGENT_RECORDED), TestWrites.OPERATOR));
            facts.recordFact(ACME, text, Optional.empty(), TestWrites.OPERATOR);
            profile.set(ACME, "k" + round, text.replaceAll("[\\r\\n\\u0000]", " ").strip(), TestWrites.ACTOR);
            memories.save(new SaveMemory(ACME, "key" + round % 3, "entry " + round, Optional.of("context"),
                    Optional.of("because " + text), Metadata.EMPTY, Optional.of(Source.AGENT_RECORDED), TestWrites.OPERATOR));
        }
        for (int i = 3; i < secrets.size(); i++) {
            vault.set(ACME, "K" + i, secrets.get(i), true, TestWrites.ACTOR);
        }
        facts.consolidatePending(ACME);
        InMemoryWorkspaceReader workspace = new InMemoryWorkspaceReader(WorkspaceLimits.defaults(), CLOCK)
                .put("MEMORY.md", "old note " + SecretVariants.variant(secrets.get(4), random));
        String prompt = new SessionService(workspace, workspace, snapshots, profile, sessionStore,
                new SqliteSessionExplanationStore(db), Duration.ofHours(1), CLOCK, scrubber).start(ACME).prompt();

        List<String> outputs = new ArrayList<>();
        outputs.add(snapshots.render(ACME));
        outputs.add(prompt);
        memories.list(ACME, Optional.empty(), Optional.of(500)).forEach(m -> outputs.add(m.content() + m.metadata().json()));
        for (int k = 0; k < 3; k++) {
            memories.history(ACME, "key" + k).forEach(m -> outputs.add(m.supersedes().map(s -> s.reason()).orElse("")));
        }
        facts.list(ACME, Optional.empty(), Optional.of(500)).forEach(f -> outputs.add(f.content() + " " + f.normalized()
                + " " + f.reason().orElse("")));
        profile.all(ACME).forEach(p -> outputs.add(p.value()));
        auditStore.recent(ACME, 1_000).forEach(a -> outputs.add(a.detail()));
        for (String secret : secrets) {
            for (String out : outputs) {
                assertThat(SecretVariants.holds(out, secret)).as("%s in %s", secret, out).isFalse();
            }
            // The search oracle: no token of the secret, whole, as a phrase or as a prefix, finds anything.
            for (String token : secret.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
                if (token.length() < 6) {
                    continue;
                }
                for (String query : List.of(token, token.substring(0, 6) + "*", "\"" + token + "\"")) {
                    List<SearchHit> hits = memories.search(ACME, query, Optional.of(50), Optional.empty());
                    assertThat(hits).as("%s finds %s", query, hits).isEmpty();
                }
            }
        }
        assertThat(vocabulary()).as("no token of any secret is indexed").noneMatch(term -> secrets.stream()
                .flatMap(s -> List.of(s.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")).stream())
                .anyMatch(token -> token.length() >= 6 && term.contains(token)));
    }

    /** Every non-null cell of a table, as text. */
    private List<String> cells(String table) {
        List<String> cells = new ArrayList<>();
        try (java.sql.Connection c = db.connection(); java.sql.Statement st = c.createStatement();
             java.sql.ResultSet rs = st.executeQuery("SELECT * FROM " + table)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                for (int i = 1; i <= n; i++) {
                    Object v = rs.getObject(i);
                    if (v != null) {
                        cells.add(v instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : v.toString());
                    }
                }
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
        return cells;
    }

    private List<String> vocabulary() {
        return TempDatabase.column(db, "SELECT term FROM memories_fts_vocab");
    }

    private List<String> allText(String table, String column) {
        return TempDatabase.column(db, "SELECT " + column + " FROM " + table);
    }

    private boolean fileHolds(String text) throws IOException {
        TempDatabase.execute(db, "PRAGMA wal_checkpoint(TRUNCATE)");
        byte[] needle = text.getBytes(StandardCharsets.UTF_8);
        for (Path file : List.of(db.file(), db.file().resolveSibling(db.file().getFileName() + "-wal"))) {
            if (Files.exists(file) && indexOf(Files.readAllBytes(file), needle) >= 0) {
                return true;
            }
        }
        return false;
    }

    static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i <= haystack.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
