package dev.strata.adapters.sqlite;

import dev.strata.application.memory.SearchResults;
import dev.strata.application.retrieval.HybridSearchService;
import dev.strata.domain.graph.FinanceEntityExtractor;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.SearchRequest;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.retrieval.Arm;
import dev.strata.domain.retrieval.FusionSettings;
import dev.strata.domain.retrieval.HybridRanker;
import dev.strata.domain.retrieval.InMemoryVectorStore;
import dev.strata.domain.retrieval.SearchMode;
import dev.strata.domain.retrieval.WordEmbedder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * spec 01's query syntax "used as written" holds for the fused answer: a column filter, a phrase or
 * a NOT in the query constrains the vector arm and neighbour context too, judged by the real FTS5
 * index (issue 12: {@code category:lesson BTC} returned a preference through the vector arm).
 */
class QuerySyntaxOverEveryArmTest {

    private static final Tenant ME = Tenant.of("me");
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    @TempDir
    Path dir;

    private SqliteDatabase db;
    private SqliteMemoryStore store;
    private final InMemoryVectorStore vectors = new InMemoryVectorStore();
    // "bitcoin" embeds as "btc": the vector arm finds rows that never say BTC.
    private final WordEmbedder embedder = new WordEmbedder(Map.of("bitcoin", "btc"));
    private Memory lesson;
    private Memory preference;
    private Memory ethLesson;

    @BeforeEach
    void seed() {
        db = TempDatabase.open(dir);
        store = new SqliteMemoryStore(db);
        preference = write(Category.PREFERENCE, "prefers bitcoin over everything else");
        lesson = write(Category.LESSON, "bitcoin stops should trail by 8 percent");
        ethLesson = write(Category.LESSON, "bitcoin and ETH both dumped, always use stops");
    }

    @AfterEach
    void close() {
        db.close();
    }

    private Memory write(Category category, String content) {
        Memory m = store.insert(new NewMemory(ME, category, content, Metadata.EMPTY, Source.USER_MANUAL), T0);
        vectors.replace(ME, m.id(), embedder.embedDocuments(List.of(content)));
        return m;
    }

    private HybridSearchService service(FusionSettings settings) {
        return new HybridSearchService(store, new SqliteKeywordIndex(db), embedder, Optional.of(vectors),
                new HybridRanker(settings, new FinanceEntityExtractor(), TempDatabase.CLOCK), 50);
    }

    private List<Long> search(String query) {
        SearchResults results = service(FusionSettings.defaults()).search(new SearchRequest(ME, query, 10,
                Optional.empty()));
        assertThat(results.mode()).isEqualTo(SearchMode.HYBRID);
        return results.searchHits().stream().map(h -> h.memory().id().value()).toList();
    }

    @Test
    void a_column_filter_keeps_other_categories_out_of_the_vector_arm() {
        // No row says BTC: only the vector arm finds them.
        assertThat(search("BTC")).contains(preference.id().value());

        assertThat(search("category:lesson BTC")).containsExactlyInAnyOrder(lesson.id().value(),
                ethLesson.id().value());
    }

    @Test
    void a_phrase_must_appear_in_every_answer() {
        assertThat(search("\"always use\" BTC")).containsExactly(ethLesson.id().value());
    }

    @Test
    void what_follows_not_never_answers() {
        assertThat(search("BTC NOT ETH")).contains(lesson.id().value(), preference.id().value())
                .doesNotContain(ethLesson.id().value());
    }

    @Test
    void neighbour_context_is_held_to_the_constraints_too() {
        Memory neighbour = store.insert(new NewMemory(ME, Category.PREFERENCE, "also likes long walks",
                Metadata.EMPTY, Source.USER_MANUAL), T0);
        HybridSearchService withContext = service(FusionSettings.defaults()
                .withNeighbourContext(0.3, 2, Duration.ofMinutes(30)));

        SearchResults open = withContext.search(new SearchRequest(ME, "stops", 10, Optional.empty()));
        SearchResults filtered = withContext.search(new SearchRequest(ME, "category:lesson stops", 10,
                Optional.empty()));

        assertThat(open.hits()).anySatisfy(f -> {
            assertThat(f.hit().memory().id()).isEqualTo(neighbour.id());
            assertThat(f.orderedArms()).containsExactly(Arm.CONTEXT);
        });
        assertThat(filtered.searchHits()).extracting(h -> h.memory().id()).doesNotContain(neighbour.id(),
                preference.id());
    }

    @Test
    void natural_language_is_not_constrained() {
        assertThat(search("what about BTC?")).contains(preference.id().value(), lesson.id().value());
    }
}
