package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.SearchHit;
import dev.strata.domain.memory.SearchRequest;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * When a term matches more rows than the store ranks ({@code keywordCandidates}, 40 here), BM25
 * ranks a bounded candidate set; these tests pin down which rows that set never loses.
 */
class BoundedKeywordRankingTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final Tenant ME = Tenant.of("me");
    private static final int CANDIDATES = 40;

    @TempDir
    Path dir;

    private SqliteDatabase db;
    private SqliteMemoryStore bounded;
    private SqliteMemoryStore exact;

    @BeforeEach
    void open() {
        db = TempDatabase.open(dir);
        bounded = new SqliteMemoryStore(db, CANDIDATES);
        exact = new SqliteMemoryStore(db, SqliteMemoryStore.UNBOUNDED);
    }

    @AfterEach
    void close() {
        db.close();
    }

    private Memory write(Tenant tenant, String content) {
        return exact.insert(new NewMemory(tenant, Category.OBSERVATION, content, Metadata.EMPTY, Source.INFERRED), T0);
    }

    private void writeMany(Tenant tenant, String prefix, int n) {
        List<NewMemory> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rows.add(new NewMemory(tenant, Category.OBSERVATION, prefix + " " + i, Metadata.EMPTY, Source.INFERRED));
        }
        exact.insertAll(rows, T0);
    }

    private static List<Memory> search(SqliteMemoryStore store, String query, int limit) {
        return store.search(new SearchRequest(ME, query, limit, Optional.empty())).stream()
                .map(SearchHit::memory).toList();
    }

    @Test
    void an_old_row_holding_a_rare_term_outranks_the_newest_rows_of_a_frequent_one() {
        Memory old = write(ME, "the user wants tight slippage on swaps");
        writeMany(ME, "the user opened the dashboard", 300);

        List<Memory> hits = search(bounded, "what slippage does the user want?", 5);

        assertThat(hits.get(0)).isEqualTo(old);
        assertThat(hits).hasSize(5);
    }

    @Test
    void an_old_row_holding_every_term_is_found_when_every_term_is_frequent() {
        writeMany(ME, "gamma", 500);
        Memory both = write(ME, "alpha beta");
        writeMany(ME, "alpha filler", 200);
        writeMany(ME, "beta filler", 200);

        List<Memory> hits = search(bounded, "alpha beta", 5);

        assertThat(hits.get(0)).isEqualTo(both).isEqualTo(search(exact, "alpha beta", 1).get(0));
        assertThat(hits).hasSize(5);
    }

    @Test
    void rows_of_a_rare_term_are_candidates_next_to_the_newest_rows_of_a_frequent_one() {
        writeMany(ME, "gamma", 300);
        Memory old = write(ME, "prefer tight slippage");
        writeMany(ME, "prefer wide spreads", 100);

        List<Memory> hits = search(bounded, "prefer slippage", 5);

        assertThat(hits.get(0)).isEqualTo(old);
        assertThat(hits).hasSize(5).allSatisfy(m -> assertThat(m.content()).contains("prefer"));
    }

    @Test
    void with_no_frequent_term_the_ranking_is_exactly_the_unbounded_one() {
        for (int i = 0; i < 30; i++) {
            write(ME, "note " + i + (i % 3 == 0 ? " slippage" : "") + (i % 4 == 0 ? " leverage" : "")
                    + " padding ".repeat(i % 5));
        }
        for (String query : List.of("slippage leverage", "slippage", "how much leverage?", "\"note 3\" OR leverage")) {
            assertThat(search(bounded, query, 10)).as(query).containsExactlyElementsOf(search(exact, query, 10));
        }
    }

    @Test
    void the_newest_matches_of_a_frequent_term_are_the_candidates() {
        writeMany(ME, "filler memo", 200);

        List<Memory> hits = search(bounded, "memo", 10);

        long newestId = Long.parseLong(TempDatabase.column(db, "SELECT MAX(id) FROM memories").get(0));
        assertThat(hits).hasSize(10).allSatisfy(m -> assertThat(m.id().value()).isGreaterThan(newestId - CANDIDATES));
    }

    @Test
    void an_explicit_query_matching_many_rows_is_bounded_too() {
        writeMany(ME, "slippage memo", 200);

        assertThat(search(bounded, "slip*", 10)).hasSize(10).allSatisfy(m -> assertThat(m.content()).contains("slippage"));
    }

    @Test
    void another_tenants_newer_rows_never_hide_the_tenants_own_matches() {
        Memory mine = write(ME, "my lonely slippage note");
        writeMany(Tenant.of("other"), "slippage crowd", 300);

        assertThat(search(bounded, "slippage", 10)).containsExactly(mine);
    }

    @Test
    void deleted_rows_stay_hidden_on_the_bounded_path() {
        Memory kept = write(ME, "slippage kept");
        writeMany(ME, "slippage doomed", 100);
        for (Memory m : search(exact, "doomed", 100)) {
            exact.softDelete(ME, m.id(), T0.plusSeconds(1));
        }

        assertThat(search(bounded, "slippage", 10)).containsExactly(kept);
    }

    @Test
    void a_negative_bound_is_refused() {
        assertThatThrownBy(() -> new SqliteMemoryStore(db, -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("keywordCandidates");
    }
}
