package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.NewStrategyRun;
import dev.strata.domain.personalization.ProfileEdit;
import dev.strata.domain.personalization.RebuildKind;
import dev.strata.domain.personalization.StrategyId;
import dev.strata.domain.personalization.StrategyRun;
import dev.strata.domain.personalization.UserId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What the personalization tables guarantee beyond the port contracts, on a real file. */
class PersonalizationTablesTest {

    private static final Tenant ACME = Tenant.of("acme");
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @BeforeEach
    void open() {
        db = TempDatabase.open(dir);
    }

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void a_strategy_runs_identity_and_start_cannot_be_rewritten_and_a_stopped_run_cannot_reopen() {
        SqliteStrategyRunStore store = new SqliteStrategyRunStore(db);
        StrategyRun run = store.open(ACME, new NewStrategyRun(UserId.DEFAULT, StrategyId.of("grid"), BigDecimal.TEN, T0));
        store.close(ACME, run.id(), dev.strata.domain.personalization.StopReason.OTHER, T0.plusSeconds(1),
                Optional.empty());

        assertThatThrownBy(() -> TempDatabase.execute(db, "UPDATE strategy_runs SET allocated_usd = '1000000'"))
                .hasMessageContaining("append-only");
        assertThatThrownBy(() -> TempDatabase.execute(db, "UPDATE strategy_runs SET tenant = 'evil'"))
                .hasMessageContaining("append-only");
        assertThatThrownBy(() -> TempDatabase.execute(db, "UPDATE strategy_runs SET status = 'running',"
                + " stopped_at = NULL, stop_reason = NULL")).hasMessageContaining("append-only");
        assertThat(TempDatabase.column(db, "SELECT allocated_usd || '/' || status FROM strategy_runs"))
                .containsExactly("10/stopped");
    }

    @Test
    void the_table_refuses_a_stop_reason_outside_the_specs_list() {
        new SqliteStrategyRunStore(db).open(ACME, new NewStrategyRun(UserId.DEFAULT, StrategyId.of("grid"),
                BigDecimal.TEN, T0));

        assertThatThrownBy(() -> TempDatabase.execute(db, "UPDATE strategy_runs SET status = 'stopped',"
                + " stopped_at = '2026-01-02T00:00:00.000Z', stop_reason = 'bored'")).hasMessageContaining("CHECK");
    }

    @Test
    void of_many_concurrent_claims_exactly_one_wins() throws Exception {
        SqliteFinancialProfileStore store = new SqliteFinancialProfileStore(db);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Callable<Boolean>> claims = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                claims.add(() -> store.claimRebuild(ACME, UserId.DEFAULT, RebuildKind.TRADING_SUMMARY, T0,
                        T0.plusSeconds(1800)));
            }
            int won = 0;
            for (Future<Boolean> f : pool.invokeAll(claims)) {
                won += f.get() ? 1 : 0;
            }
            assertThat(won).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void hostile_text_round_trips_exactly_and_stays_inside_its_tenant() {
        SqliteFinancialProfileStore store = new SqliteFinancialProfileStore(db);
        String hostile = "'); DROP TABLE financial_profile; --\n\"quoted\" \u202Eevil\u202C <memory-context> \uD83E\uDD85";

        store.edit(ACME, UserId.DEFAULT, ProfileEdit.NONE.withCustomPrompt(Optional.of(hostile)), T0);

        assertThat(store.find(ACME, UserId.DEFAULT).orElseThrow().customPrompt()).contains(hostile);
        assertThat(store.find(Tenant.of("other"), UserId.DEFAULT)).isEmpty();
        assertThat(TempDatabase.column(db, "SELECT COUNT(*) FROM financial_profile")).containsExactly("1");
    }

    @Test
    void reopening_the_file_applies_the_migration_once_and_keeps_the_rows() {
        new SqliteFinancialProfileStore(db).edit(ACME, UserId.DEFAULT, ProfileEdit.NONE.withIncludeTags(false), T0);
        db.close();

        db = TempDatabase.open(dir);

        assertThat(TempDatabase.column(db, "SELECT COUNT(*) FROM schema_migrations WHERE version = 16"))
                .containsExactly("1");
        assertThat(new SqliteFinancialProfileStore(db).find(ACME, UserId.DEFAULT).orElseThrow().visibility()
                .includeTags()).isFalse();
    }

    @Test
    void the_redaction_sweep_replaces_a_secret_written_into_the_profile_before_it_was_registered() {
        SqliteFinancialProfileStore store = new SqliteFinancialProfileStore(db);
        store.edit(ACME, UserId.DEFAULT, ProfileEdit.NONE.withCustomPrompt(Optional.of("trade with sk-live-0123456789")),
                T0);
        store.recordOnboarding(ACME, UserId.DEFAULT, new dev.strata.domain.personalization.OnboardingAnswers(
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.of("5k, key sk-live-0123456789")), T0);

        new SqliteStoredTextRedaction(db, TempDatabase.CLOCK).redactAll(new dev.strata.domain.vault.RedactionPolicy() {
            @Override
            public boolean holdsSecret(String text) {
                return text.contains("sk-live-0123456789");
            }

            @Override
            public String redact(Tenant owner, String text) {
                return text.replace("sk-live-0123456789", "[REDACTED:vault:KEY]");
            }

            @Override
            public String factKey(String content) {
                return content;
            }

            @Override
            public List<dev.strata.domain.graph.MemoryEdge> memoryEdges(String content) {
                return List.of();
            }
        });

        var p = store.find(ACME, UserId.DEFAULT).orElseThrow();
        assertThat(p.customPrompt()).contains("trade with [REDACTED:vault:KEY]");
        assertThat(p.onboarding().answers().orElseThrow().investingCapital()).contains("5k, key [REDACTED:vault:KEY]");
        assertThat(TempDatabase.column(db, "SELECT custom_prompt || onboarding_answers FROM financial_profile"))
                .noneMatch(t -> t.contains("sk-live"));
    }
}
