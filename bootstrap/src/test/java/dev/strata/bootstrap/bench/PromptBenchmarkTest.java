package dev.strata.bootstrap.bench;

import dev.strata.adapters.llm.embedding.EmbeddingProvider;
import dev.strata.bootstrap.SettingsLoader;
import dev.strata.bootstrap.StrataCore;
import dev.strata.bootstrap.StrataSettings;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The prompt benchmark on a real Strata: real SQLite, the real session service and search. */
class PromptBenchmarkTest {

    @TempDir
    Path dir;

    private PromptBenchmark.Result run(PromptBenchmark.Options options) throws IOException {
        Path workspace = dir.resolve("workspace");
        PromptBenchmark.writeWorkspace(workspace);
        StrataSettings defaults = SettingsLoader.fromDefaults().load();
        StrataSettings settings = defaults.with(defaults.embedding().withProvider(EmbeddingProvider.DISABLED))
                .withDataDir(dir.resolve("data")).withWorkspaceDir(workspace);
        try (StrataCore core = StrataCore.open(settings, Clock.systemUTC())) {
            return new PromptBenchmark(options, line -> { }).run(core, Tenant.of("bench"));
        }
    }

    @Test
    void within_a_session_every_frozen_call_has_the_whole_previous_prompt_cacheable() throws IOException {
        PromptBenchmark.Result r = run(new PromptBenchmark.Options(2, 6, 2, 40, 5, 7));

        List<PromptBenchmark.Call> calls = r.calls();
        assertThat(calls.get(0).frozen().cacheableTokens()).isZero();
        for (int i = 1; i < calls.size(); i++) {
            PromptBenchmark.Call previous = calls.get(i - 1);
            PromptBenchmark.Call call = calls.get(i);
            if (call.session() == previous.session()) {
                assertThat(call.frozen().cacheableTokens()).as("call %d", i)
                        .isEqualTo(previous.frozen().promptTokens());
                assertThat(call.retrieveInline().cacheableTokens()).as("call %d", i)
                        .isEqualTo(previous.retrieveInline().promptTokens());
            }
        }
        // Two writes per session of six turns: each adds the call that reads the tool result.
        assertThat(r.writes()).isEqualTo(6);
        assertThat(calls).hasSize(2 * 6 + 6);
        assertThat(calls.stream().filter(PromptBenchmark.Call::afterWrite)).hasSize(6);
    }

    @Test
    void a_memory_written_in_one_session_changes_the_next_sessions_prompt_after_the_shared_identity_prefix()
            throws IOException {
        // No memories before the first session: its memory-context is empty, the second one's holds the writes.
        PromptBenchmark.Result r = run(new PromptBenchmark.Options(2, 3, 1, 0, 5, 11));

        PromptBenchmark.Call lastOfFirst = r.calls().stream().filter(c -> c.session() == 1)
                .reduce((a, b) -> b).orElseThrow();
        PromptBenchmark.Call firstOfSecond = r.calls().stream().filter(c -> c.session() == 2).findFirst().orElseThrow();

        assertThat(firstOfSecond.frozen().cacheableTokens()).isGreaterThanOrEqualTo(r.identityTokens() - 1)
                .isLessThan(lastOfFirst.frozen().promptTokens());
        assertThat(r.identityTokens()).isPositive();
    }

    @Test
    void injecting_search_results_into_the_system_prompt_caches_less_than_the_frozen_snapshot() throws IOException {
        PromptBenchmark.Result r = run(new PromptBenchmark.Options(2, 10, 3, 150, 10, 42));

        assertThat(r.frozen().cacheableShare()).isGreaterThan(r.retrieveSystem().cacheableShare());
        assertThat(r.frozen().cacheableShare()).isBetween(0.0, 1.0);
        // The inline variant caches well but sends more: k memories per turn stay in its history.
        assertThat(r.retrieveInline().promptTokens()).isGreaterThan(r.frozen().promptTokens());
        assertThat(r.frozen().effectiveTokens()).isLessThan(r.retrieveSystem().effectiveTokens());
    }
}
