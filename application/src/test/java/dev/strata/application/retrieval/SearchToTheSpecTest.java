package dev.strata.application.retrieval;

import dev.strata.application.memory.SearchResults;
import dev.strata.domain.MutableClock;
import dev.strata.domain.graph.FinanceEntityExtractor;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.InMemoryMemoryStore;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.MemoryKey;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.SaveOutcome;
import dev.strata.domain.memory.SearchHit;
import dev.strata.domain.memory.SearchRequest;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.retrieval.Arm;
import dev.strata.domain.retrieval.FusionSettings;
import dev.strata.domain.retrieval.HybridRanker;
import dev.strata.domain.retrieval.InMemoryKeywordIndex;
import dev.strata.domain.retrieval.InMemoryVectorStore;
import dev.strata.domain.retrieval.KeywordIndex;
import dev.strata.domain.retrieval.RareTerm;
import dev.strata.domain.retrieval.SearchMode;
import dev.strata.domain.retrieval.WordEmbedder;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 12 "Search, to the spec": every mode ranks alike, scores are 0..1, unrelated queries stay unanswered. */
class SearchToTheSpecTest {

    private static final Tenant ALICE = Tenant.of("alice");

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T09:00:00Z"));
    private final InMemoryMemoryStore store = new InMemoryMemoryStore();
    private final InMemoryVectorStore index = new InMemoryVectorStore();
    private final WordEmbedder embedder = new WordEmbedder(Map.of("automobile", "car"));

    private HybridSearchService service(FusionSettings settings, boolean withVectors) {
        return new HybridSearchService(store, new InMemoryKeywordIndex(store), embedder,
                withVectors ? Optional.of(index) : Optional.empty(),
                new HybridRanker(settings, new FinanceEntityExtractor(), clock), 50);
    }

    private Memory write(String content) {
        return store.insert(new NewMemory(ALICE, Category.OBSERVATION, content, Metadata.EMPTY, Source.AGENT_RECORDED),
                clock.instant());
    }

    private Memory embedded(String content) {
        Memory m = write(content);
        index.replace(ALICE, m.id(), embedder.embedDocuments(List.of(content)));
        return m;
    }

    private static SearchRequest request(String query, int limit) {
        return new SearchRequest(ALICE, query, limit, Optional.empty());
    }

    private static List<Long> ids(SearchResults results) {
        return results.searchHits().stream().map(h -> h.memory().id().value()).toList();
    }

    @Test
    void keyword_mode_applies_the_entity_boost_like_hybrid_mode() {
        Memory review = write("exposure review of the portfolio");
        Memory btc = write("BTC note");
        // The store ranks them alike (one keyword each), the lower id first.
        assertThat(store.search(request("how is my BTC exposure", 10))).extracting(h -> h.memory().id())
                .containsExactly(review.id(), btc.id());

        SearchResults results = service(FusionSettings.defaults(), false).search(request("how is my BTC exposure", 10));

        assertThat(results.mode()).isEqualTo(SearchMode.KEYWORD);
        assertThat(ids(results)).containsExactly(btc.id().value(), review.id().value());
    }

    @Test
    void keyword_mode_applies_mmr_when_it_is_switched_on() {
        write("btc halving supply shock");
        write("btc halving supply shock analysis");
        Memory eth = write("eth staking yields with btc collateral");

        SearchResults results = service(FusionSettings.defaults().withMmr(true), false)
                .search(request("btc halving supply", 2));

        assertThat(ids(results)).contains(eth.id().value());
    }

    @Test
    void the_score_is_in_0_to_1_in_every_mode_and_the_raw_value_is_kept() {
        embedded("had pasta for lunch");
        embedded("pasta with pasta sauce, pasta again");
        embedded("bought a red car last spring");

        for (boolean withVectors : new boolean[] {false, true}) {
            SearchResults results = service(FusionSettings.defaults(), withVectors).search(request("pasta lunch", 10));

            assertThat(results.searchHits()).isNotEmpty();
            assertThat(results.searchHits().getFirst().score()).isEqualTo(1.0);
            assertThat(results.searchHits()).allSatisfy(h -> {
                assertThat(h.score()).isBetween(0.0, 1.0);
                assertThat(h.rawScore()).isPositive();
            });
            assertThat(results.searchHits()).extracting(SearchHit::score).isSortedAccordingTo((a, b) ->
                    Double.compare(b, a));
        }
    }

    @Test
    void a_superseded_entry_ranks_below_its_successor_in_keyword_and_hybrid_mode() {
        MemoryKey key = new MemoryKey("auth-approach");
        store.save(new NewMemory(ALICE, Category.DECISION, "auth approach: JWT tokens with 1h expiry", Metadata.EMPTY,
                Source.AGENT_RECORDED, Optional.of(key)), Optional.empty(), clock.instant());
        SaveOutcome.Superseded replaced = (SaveOutcome.Superseded) store.save(new NewMemory(ALICE, Category.DECISION, "auth approach: session cookies",
                Metadata.EMPTY, Source.AGENT_RECORDED, Optional.of(key)), Optional.of("cookies are simpler"),
                clock.instant());
        Memory current = replaced.memory();
        Memory old = store.find(ALICE, replaced.previous().id()).orElseThrow();
        index.replace(ALICE, old.id(), embedder.embedDocuments(List.of(old.content())));
        index.replace(ALICE, current.id(), embedder.embedDocuments(List.of(current.content())));

        for (boolean withVectors : new boolean[] {false, true}) {
            List<Long> ids = ids(service(FusionSettings.defaults(), withVectors)
                    .search(request("auth approach JWT tokens expiry", 10)));

            assertThat(ids).as(withVectors ? "hybrid" : "keyword")
                    .containsSubsequence(current.id().value(), old.id().value());
        }
    }

    @Test
    void nothing_related_gets_an_empty_answer_under_the_similarity_floor() {
        embedded("bought a red car last spring");
        embedded("always use 0.5% slippage on swaps");
        embedded("prefers dark mode in every editor");
        HybridSearchService floored = service(FusionSettings.defaults()
                .withVectorMinSimilarity(OptionalDouble.of(0.5)), true);

        for (String query : List.of("qwzx plmokn", "'; DROP TABLE people; --", "xylophone zebra quartz")) {
            assertThat(service(FusionSettings.defaults(), true).search(request(query, 10)).hits())
                    .as("without a floor the vector arm answers " + query).isNotEmpty();
            assertThat(floored.search(request(query, 10)).hits()).as(query).isEmpty();
        }
    }

    @Test
    void without_keyword_hits_the_vector_arm_needs_the_higher_solo_floor() {
        Memory car = embedded("bought a red car last spring");
        Memory lunch = embedded("had pasta for lunch");
        HybridSearchService floored = service(FusionSettings.defaults()
                .withVectorMinSimilarity(OptionalDouble.of(0.2)).withVectorSoloMinSimilarity(OptionalDouble.of(0.5)),
                true);

        // "automobile" embeds as "car" (similarity about 0.41) but no memory says it.
        assertThat(floored.search(request("automobile", 10)).hits()).isEmpty();
        assertThat(ids(floored.search(request("automobile pasta", 10))))
                .contains(car.id().value(), lunch.id().value());
    }

    @Test
    void a_related_question_does_not_drag_every_memory_along() {
        Memory car = embedded("bought a red car last spring");
        embedded("always use 0.5% slippage on swaps");
        embedded("prefers dark mode in every editor");
        assertThat(service(FusionSettings.defaults(), true).search(request("automobile", 10)).hits()).hasSize(3);

        SearchResults results = service(FusionSettings.defaults().withVectorMinSimilarity(OptionalDouble.of(0.3))
                .withVectorSimilarityWindow(OptionalDouble.of(0.2)), true).search(request("automobile", 10));

        assertThat(ids(results)).containsExactly(car.id().value());
    }

    @Test
    void neighbour_context_does_not_lift_rows_the_vector_arm_found_unrelated() {
        // One sitting: every memory is every other's neighbour.
        embedded("bought a red car last spring");
        Memory pasta = embedded("had pasta for lunch");
        embedded("always use 0.5% slippage on swaps");
        HybridSearchService floored = service(FusionSettings.defaults()
                .withNeighbourContext(0.3, 2, Duration.ofMinutes(30))
                .withVectorMinSimilarity(OptionalDouble.of(0.5)), true);

        SearchResults results = floored.search(request("completely unrelated text about cooking pasta", 10));

        assertThat(ids(results)).containsExactly(pasta.id().value());
        assertThat(results.hits()).allSatisfy(f -> assertThat(f.orderedArms()).doesNotContain(Arm.CONTEXT));
    }

    @Test
    void an_exact_match_of_a_rare_term_ranks_first_while_its_embedding_is_pending() {
        for (int i = 0; i < 8; i++) {
            embedded("code review notes number " + i + " about the word list");
        }
        // Written last and not embedded yet: only the keyword arm can see it.
        Memory exact = write("the vault code word is zq7fox");
        HybridSearchService service = service(FusionSettings.defaults()
                .withNeighbourContext(0.3, 2, Duration.ofMinutes(30)), true);

        SearchResults results = service.search(request("code word zq7fox", 5));

        assertThat(results.mode()).isEqualTo(SearchMode.HYBRID);
        assertThat(ids(results).getFirst()).isEqualTo(exact.id().value());
        assertThat(ids(service.search(new SearchRequest(ALICE, "code word zq7fox", 5, Optional.empty()),
                RetrievalMode.BM25)).getFirst()).isEqualTo(exact.id().value());
    }

    @Test
    void the_index_size_behind_the_rare_term_bound_is_asked_until_the_bound_stops_growing() {
        for (int i = 0; i < 5; i++) {
            write("small tenant row " + i);
        }
        long[] sizeAsked = {0};
        KeywordIndex keywordIndex = new InMemoryKeywordIndex(store);
        KeywordIndex counting = new KeywordIndex() {
            @Override
            public Set<MemoryId> matching(Tenant tenant, String expression,
                    Collection<MemoryId> among) {
                return keywordIndex.matching(tenant, expression, among);
            }

            @Override
            public long size() {
                sizeAsked[0]++;
                return keywordIndex.size();
            }

            @Override
            public Map<String, Set<MemoryId>> rareTerms(Tenant tenant,
                    List<String> terms, int atMost) {
                return keywordIndex.rareTerms(tenant, terms, atMost);
            }
        };
        HybridSearchService service = new HybridSearchService(store, counting, embedder, Optional.empty(),
                new HybridRanker(FusionSettings.defaults(), new FinanceEntityExtractor(), clock), 50);

        service.search(request("small tenant row", 5));
        service.search(request("small tenant row", 5));
        // A small index may still grow into a larger bound: asked on every search.
        assertThat(sizeAsked[0]).isEqualTo(2);

        for (int i = 5; i < RareTerm.MAX_ROWS * 100; i++) {
            write("small tenant row " + i);
        }
        service.search(request("small tenant row", 5));
        service.search(request("small tenant row", 5));
        service.search(request("small tenant row", 5));
        // Grown to the largest bound: asked once more, then never.
        assertThat(sizeAsked[0]).isEqualTo(3);
    }
}
