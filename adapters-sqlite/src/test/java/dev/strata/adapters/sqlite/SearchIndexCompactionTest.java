package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.SearchRequest;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.retrieval.PassageArm;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Compaction merges a fragmented FTS5 index into one segment without changing what search finds. */
class SearchIndexCompactionTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final Tenant ME = Tenant.of("me");
    private static final String[] WORDS = {"slippage", "leverage", "stop-loss", "funding", "bridge", "airdrop",
            "staking", "drawdown"};

    @TempDir
    Path dir;

    private SqliteDatabase db;
    private SqliteMemoryStore store;

    @BeforeEach
    void open() {
        db = TempDatabase.open(dir);
        store = new SqliteMemoryStore(db, 40);
    }

    @AfterEach
    void close() {
        db.close();
    }

    /** One transaction per call, so one new FTS5 segment per call. */
    private void writeInTransactions(int transactions, int rowsEach, int offset) {
        for (int t = 0; t < transactions; t++) {
            List<NewMemory> rows = new ArrayList<>();
            for (int i = 0; i < rowsEach; i++) {
                int n = offset + t * rowsEach + i;
                rows.add(new NewMemory(ME, Category.OBSERVATION, "user note " + n + " about "
                        + WORDS[n % WORDS.length] + " and " + WORDS[(n / 3) % WORDS.length], Metadata.EMPTY,
                        Source.INFERRED));
            }
            store.insertAll(rows, T0);
        }
    }

    private List<String> search(String query) {
        return store.search(new SearchRequest(ME, query, 20, Optional.empty())).stream()
                .map(h -> h.memory().id().value() + ":" + h.score()).toList();
    }

    private List<Long> passages(String query) {
        return new SqliteKeywordIndex(db).passages(new SearchRequest(ME, query, 20, Optional.empty()), 20,
                new PassageArm(1, 1, 0.5, 0.5)).stream().map(MemoryId::value).toList();
    }

    @Test
    void a_fragmented_index_is_merged_into_one_segment_and_search_answers_the_same() {
        writeInTransactions(200, 20, 0);
        List<List<String>> before = List.of(search("slippage and leverage"), search("what about the airdrop?"),
                search("\"stop loss\" OR bridge*"));

        List<Long> passagesBefore = passages("slippage and leverage");
        assertThat(passagesBefore).isNotEmpty();

        List<SearchIndexCompaction.Compacted> done = new SearchIndexCompaction(db, 10).compact();

        SearchIndexCompaction.Compacted memories = done.stream().filter(c -> c.index().equals("memories_fts"))
                .findFirst().orElseThrow();
        assertThat(memories.steps()).as("merge steps that did work").isPositive();
        SearchIndexCompaction.Compacted passages = done.stream()
                .filter(c -> c.index().equals("memories_passage_fts")).findFirst().orElseThrow();
        assertThat(passages.steps()).as("the passage index was as fragmented").isPositive();
        assertThat(passages.pagesAfter()).isLessThan(passages.pagesBefore());
        assertThat(passages("slippage and leverage")).isEqualTo(passagesBefore);
        assertThat(List.of(search("slippage and leverage"), search("what about the airdrop?"),
                search("\"stop loss\" OR bridge*"))).isEqualTo(before);
        assertThat(before.getFirst()).isNotEmpty();
        TempDatabase.execute(db, "INSERT INTO memories_fts(memories_fts, rank) VALUES ('integrity-check', 1)");
        TempDatabase.execute(db,
                "INSERT INTO memories_passage_fts(memories_passage_fts, rank) VALUES ('integrity-check', 1)");
        // FTS5 finds nothing left to merge: the index is one segment.
        assertThat(new SearchIndexCompaction(db, 10).compact()).allSatisfy(c -> assertThat(c.steps()).isZero());
    }

    /**
     * Requests keep writing while the compaction runs, so a new segment lands between its steps. A negative FTS5
     * merge step that finds one starts the whole merge over; a compaction made of such steps never finished and
     * grew the index instead (it ran to its 10,000-step limit). Carried on with positive steps, it finishes in
     * about the steps one merge of the index takes, whatever the writers do.
     */
    @Test
    void a_compaction_finishes_while_requests_keep_writing() throws Exception {
        writeInTransactions(150, 40, 0);
        long pages = Long.parseLong(TempDatabase.column(db, "SELECT COUNT(*) FROM memories_passage_fts_data").getFirst());
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger written = new AtomicInteger();
        Thread writer = Thread.ofPlatform().start(() -> {
            for (int n = 100_000; !stop.get(); n++) {
                writeInTransactions(1, 1, n);
                written.incrementAndGet();
            }
        });
        List<SearchIndexCompaction.Compacted> done;
        try {
            done = new SearchIndexCompaction(db, 10).compact();
        } finally {
            stop.set(true);
            writer.join();
        }

        SearchIndexCompaction.Compacted passages = done.stream()
                .filter(c -> c.index().equals("memories_passage_fts")).findFirst().orElseThrow();
        assertThat(written.get()).as("requests wrote while it ran").isGreaterThan(passages.steps());
        assertThat(passages.steps()).as("steps for an index of " + pages + " pages")
                .isPositive().isLessThanOrEqualTo((int) (3 * pages / SearchIndexCompaction.PAGES_PER_STEP) + 3);
        // Rows written during the compaction land after its first step; each adds a segment of a page or so.
        // The old steps rewrote the index again and again and grew it far past that (811 -> 6,010 pages).
        assertThat(passages.pagesAfter()).isLessThan(passages.pagesBefore() + written.get());
        assertThat(passages("slippage and leverage")).isNotEmpty();
        TempDatabase.execute(db,
                "INSERT INTO memories_passage_fts(memories_passage_fts, rank) VALUES ('integrity-check', 1)");
    }

    @Test
    void compact_if_grown_rewrites_an_index_only_after_it_grew_by_the_share() {
        writeInTransactions(100, 20, 0);
        SearchIndexCompaction compaction = new SearchIndexCompaction(db, 10);
        assertThat(compaction.compactIfGrown()).extracting(SearchIndexCompaction.Compacted::index)
                .as("first run in this process compacts every index")
                .contains("memories_fts", "memories_passage_fts", "facts_fts");

        writeInTransactions(2, 5, 10_000);
        assertThat(compaction.compactIfGrown()).as("a few rows are not worth a rewrite").isEmpty();

        writeInTransactions(400, 20, 20_000);
        List<SearchIndexCompaction.Compacted> grown = compaction.compactIfGrown();
        // The passage index (issue 19) grows with every memory too.
        assertThat(grown).extracting(SearchIndexCompaction.Compacted::index)
                .containsExactly("memories_fts", "memories_passage_fts");
        assertThat(grown.getFirst().steps()).isPositive();
        assertThat(search("slippage")).hasSize(20);
    }

    @Test
    void a_growth_share_below_one_percent_is_refused() {
        assertThatThrownBy(() -> new SearchIndexCompaction(db, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("growthPercent");
    }
}
