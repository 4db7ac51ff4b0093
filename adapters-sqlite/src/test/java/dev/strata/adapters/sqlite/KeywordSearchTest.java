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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** spec 01 "Search semantics" on the real FTS5 index: natural language, the query syntax, and fallback. */
class KeywordSearchTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final Tenant ME = Tenant.of("me");

    @TempDir
    Path dir;

    private SqliteDatabase db;
    private SqliteMemoryStore store;
    private Memory slippage;
    private Memory baseSlippage;
    private Memory lesson;
    private Memory memes;

    @BeforeEach
    void seed() {
        db = TempDatabase.open(dir);
        store = new SqliteMemoryStore(db);
        slippage = write(ME, "preference", "always use 0.5% slippage on swaps");
        baseSlippage = write(ME, "preference", "on base the user accepts higher slippage for thin pools");
        lesson = write(ME, "lesson", "stop-losses on BTC should trail by 8% not 5%");
        memes = write(ME, "observation", "user avoided meme coins throughout Q1");
    }

    @AfterEach
    void close() {
        db.close();
    }

    private Memory write(Tenant tenant, String category, String content) {
        return store.insert(new NewMemory(tenant, Category.resolve(category), content, Metadata.EMPTY,
                Source.USER_MANUAL), T0);
    }

    private List<Memory> search(String query) {
        return store.search(new SearchRequest(ME, query, 10, Optional.empty())).stream().map(SearchHit::memory).toList();
    }

    @Test
    void a_question_finds_the_memories_that_answer_it() {
        List<Memory> hits = search("what slippage does the user like?");
        assertThat(hits).contains(slippage);
        assertThat(hits.get(0).content()).contains("slippage");
    }

    @Test
    void terms_are_or_ed_so_one_matching_word_is_enough() {
        assertThat(search("slippage tolerance preferences")).contains(slippage, baseSlippage);
    }

    @Test
    void results_are_ranked_by_relevance_not_recency() {
        Memory newer = store.insert(new NewMemory(ME, Category.OBSERVATION, "slippage was mentioned once among many "
                + "other unrelated words about charts candles volume and order books", Metadata.EMPTY,
                Source.USER_MANUAL), T0.plusSeconds(3600));
        List<Memory> hits = search("slippage swaps");
        assertThat(hits.indexOf(slippage)).isLessThan(hits.indexOf(newer));
    }

    @Test
    void a_quoted_phrase_matches_exactly() {
        assertThat(search("\"always use\"")).containsExactly(slippage);
        assertThat(search("\"use always\"")).isEmpty();
    }

    @Test
    void and_requires_both_terms_and_or_either() {
        assertThat(search("slippage AND base")).containsExactly(baseSlippage);
        assertThat(search("meme OR BTC")).containsExactlyInAnyOrder(memes, lesson);
    }

    @Test
    void the_category_column_filter_restricts_matches() {
        assertThat(search("category:lesson BTC")).containsExactly(lesson);
        assertThat(search("category:preference BTC")).isEmpty();
    }

    @Test
    void a_prefix_matches_every_word_starting_with_it() {
        assertThat(search("slip*")).containsExactlyInAnyOrder(slippage, baseSlippage);
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"unbalanced quote slippage", "slippage AND", "(((slippage", "NOT", "AND OR NOT slippage",
            "slippage)))", "col:umn slippage", "slippage NEAR(", "*", "\"\"", "'; DROP TABLE memories; --",
            "slippage^2", "{slippage}", "content: slippage", "-slippage", "+slippage"})
    void malformedQueriesNeverFail(String query) {
        List<SearchHit> hits = store.search(new SearchRequest(ME, query, 10, Optional.empty()));
        assertThat(hits).allSatisfy(h -> assertThat(h.memory().tenant()).isEqualTo(ME));
        assertThat(TempDatabase.column(db, "SELECT COUNT(*) FROM memories")).containsExactly("4");
    }

    @Test
    void an_unparseable_query_still_finds_its_keywords_by_fallback() {
        assertThat(search("slippage AND")).contains(slippage, baseSlippage);
        assertThat(search("\"unbalanced slippage")).contains(slippage, baseSlippage);
        assertThat(search("slip*?")).contains(slippage, baseSlippage);
    }

    @Test
    void the_fallback_escapes_like_wildcards() {
        write(ME, "reference", "fee is 100% of spread");
        assertThat(store.search(new SearchRequest(ME, "% AND", 10, Optional.empty()))).isEmpty();
    }

    @Test
    void snippets_highlight_the_matched_words() {
        SearchHit hit = store.search(new SearchRequest(ME, "slippage swaps", 1, Optional.empty())).get(0);
        assertThat(hit.snippet()).isEqualTo("always use 0.5% **slippage** on **swaps**");
        assertThat(hit.score()).isPositive();
    }

    /**
     * Other tenants' better matches fill the ranking window, so the tenant's own hits must come from
     * the exact path: results are the same as if no other tenant existed.
     */
    @Test
    void other_tenants_and_deleted_rows_never_crowd_out_the_tenants_own_results() {
        List<Memory> crowd = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            crowd.add(write(Tenant.of("other"), "preference", "slippage slippage slippage " + i));
        }
        for (int i = 0; i < 50; i++) {
            Memory mine = write(ME, "preference", "slippage slippage slippage deleted " + i);
            store.softDelete(ME, mine.id(), T0.plusSeconds(1));
        }
        List<Memory> hits = search("slippage");
        assertThat(hits).containsExactlyInAnyOrder(slippage, baseSlippage);
        assertThat(crowd).doesNotContainAnyElementsOf(hits);
    }

    @Test
    void when_the_tenant_has_enough_hits_they_are_its_best_ones() {
        for (int i = 0; i < 30; i++) {
            write(ME, "observation", "slippage note number " + i + " with padding words to lower its rank a bit");
        }
        List<SearchHit> hits = store.search(new SearchRequest(ME, "slippage swaps", 3, Optional.empty()));
        assertThat(hits).hasSize(3);
        assertThat(hits.get(0).memory()).isEqualTo(slippage);
        assertThat(hits).isSortedAccordingTo((a, b) -> Double.compare(b.score(), a.score()));
    }

    /** A term in most rows is left out of the ranking query, but never at the cost of a result. */
    @Test
    void common_terms_are_dropped_from_large_tables_without_losing_results() {
        List<dev.strata.domain.memory.NewMemory> many = new ArrayList<>();
        for (int i = 0; i < 2_500; i++) {
            many.add(new NewMemory(ME, Category.OBSERVATION, "the user opened the app " + i, Metadata.EMPTY,
                    Source.INFERRED));
        }
        store.insertAll(many, T0);

        List<Memory> focused = search("what slippage does the user like?");
        assertThat(focused).contains(slippage, baseSlippage);
        assertThat(focused.get(0).content()).contains("slippage");
        assertThat(focused).hasSize(10).as("filled up from the full query when the rare terms match too few");

        List<SearchHit> one = store.search(new SearchRequest(ME, "user slippage", 1, Optional.empty()));
        assertThat(one).extracting(h -> h.memory().content()).allMatch(c -> c.contains("slippage"));
    }
}
