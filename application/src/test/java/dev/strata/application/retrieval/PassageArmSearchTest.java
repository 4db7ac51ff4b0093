package dev.strata.application.retrieval;

import dev.strata.application.memory.SearchResults;
import dev.strata.domain.MutableClock;
import dev.strata.domain.graph.FinanceEntityExtractor;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.InMemoryMemoryStore;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.SearchRequest;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.memory.TimeScope;
import dev.strata.domain.retrieval.Arm;
import dev.strata.domain.retrieval.FusionSettings;
import dev.strata.domain.retrieval.HybridRanker;
import dev.strata.domain.retrieval.InMemoryKeywordIndex;
import dev.strata.domain.retrieval.InMemoryVectorStore;
import dev.strata.domain.retrieval.KeywordIndex;
import dev.strata.domain.retrieval.PassageArm;
import dev.strata.domain.retrieval.TimeExpressions;
import dev.strata.domain.retrieval.TimeLift;
import dev.strata.domain.retrieval.WordEmbedder;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The passage arm in the search pipeline: its rows are loaded and judged like the vector arm's (scope,
 * category, the query's constraints), it runs in hybrid mode only, and not at all when switched off.
 */
class PassageArmSearchTest {

    private static final Tenant ALICE = Tenant.of("alice");
    private static final PassageArm ON = new PassageArm(1, 1, 1, 0);

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T09:00:00Z"));
    private final InMemoryMemoryStore store = new InMemoryMemoryStore();
    private final InMemoryVectorStore index = new InMemoryVectorStore();
    private final WordEmbedder embedder = new WordEmbedder(Map.of());
    private final Passages passages = new Passages(new InMemoryKeywordIndex(store));
    private Memory question;
    private Memory reply;

    /** The in-memory index, with a passage ranking the test sets, and a record of what it was asked. */
    private static final class Passages implements KeywordIndex {
        private final KeywordIndex delegate;
        List<MemoryId> ranked = List.of();
        final List<PassageArm> asked = new ArrayList<>();

        Passages(KeywordIndex delegate) {
            this.delegate = delegate;
        }

        @Override
        public Set<MemoryId> matching(Tenant tenant, String expression, Collection<MemoryId> among) {
            return delegate.matching(tenant, expression, among);
        }

        @Override
        public long size() {
            return delegate.size();
        }

        @Override
        public Map<String, Set<MemoryId>> rareTerms(Tenant tenant, List<String> terms, int atMost) {
            return delegate.rareTerms(tenant, terms, atMost);
        }

        @Override
        public List<MemoryId> passages(SearchRequest request, int depth, PassageArm columns) {
            asked.add(columns);
            return ranked;
        }
    }

    @BeforeEach
    void rows() {
        question = write(Category.OBSERVATION, "how long have you had the turtles?");
        // Not embedded yet, and without the query's word: neither the keyword nor the vector arm finds it.
        reply = store.insert(new NewMemory(ALICE, Category.OBSERVATION, "three years, I think", Metadata.EMPTY,
                Source.AGENT_RECORDED), clock.instant());
    }

    private Memory write(Category category, String content) {
        Memory m = store.insert(new NewMemory(ALICE, category, content, Metadata.EMPTY, Source.AGENT_RECORDED),
                clock.instant());
        index.replace(ALICE, m.id(), embedder.embedDocuments(List.of(content)));
        return m;
    }

    private HybridSearchService service(PassageArm passage) {
        // Neighbour context off: what reaches the answer here comes from the arms alone.
        return new HybridSearchService(store, passages, embedder, Optional.of(index), new HybridRanker(
                FusionSettings.defaults().withNeighbourContext(0, 2, java.time.Duration.ofMinutes(30)),
                new FinanceEntityExtractor(), clock, TimeLift.OFF, TimeExpressions.english(), passage), 50);
    }

    private static List<MemoryId> ids(SearchResults results) {
        return results.hits().stream().map(f -> f.hit().memory().id()).toList();
    }

    @Test
    void a_row_only_the_passage_arm_ranked_joins_the_answer_naming_it() {
        passages.ranked = List.of(reply.id(), question.id());

        SearchResults results = service(ON).search(new SearchRequest(ALICE, "turtles", 10, Optional.empty()));

        assertThat(ids(results)).containsExactly(question.id(), reply.id());
        assertThat(results.hits().get(1).orderedArms()).containsExactly(Arm.PASSAGE);
        assertThat(passages.asked).containsExactly(ON);
    }

    @Test
    void its_rows_keep_to_the_category_and_time_scope_asked() {
        Memory lesson = store.insert(new NewMemory(ALICE, Category.LESSON, "a lesson", Metadata.EMPTY,
                Source.AGENT_RECORDED), clock.instant());
        passages.ranked = List.of(lesson.id(), reply.id());

        SearchResults observations = service(ON).search(new SearchRequest(ALICE, "turtles", 10,
                Optional.of(Category.OBSERVATION)));
        SearchResults before = service(ON).search(new SearchRequest(ALICE, "turtles", 10, Optional.empty())
                .withScope(new TimeScope(Optional.empty(), Optional.empty(), Optional.of(clock.instant().minusSeconds(1)))));

        assertThat(ids(observations)).contains(reply.id()).doesNotContain(lesson.id());
        assertThat(ids(before)).isEmpty();
    }

    @Test
    void a_row_the_vector_arm_judged_unrelated_is_not_brought_back_by_the_passage_arm() {
        index.replace(ALICE, reply.id(), embedder.embedDocuments(List.of(reply.content())));
        passages.ranked = List.of(reply.id(), question.id());
        HybridSearchService strict = new HybridSearchService(store, passages, embedder, Optional.of(index),
                new HybridRanker(FusionSettings.defaults().withNeighbourContext(0, 2, java.time.Duration.ofMinutes(30))
                        .withVectorMinSimilarity(java.util.OptionalDouble.of(0.99)), new FinanceEntityExtractor(), clock,
                        TimeLift.OFF, TimeExpressions.english(), ON), 50);

        SearchResults results = strict.search(new SearchRequest(ALICE, "turtles", 10, Optional.empty()));

        // The keyword arm's own row stays (the passage arm ranks it too); its neighbour does not come in.
        assertThat(ids(results)).containsExactly(question.id());
        assertThat(results.hits().getFirst().orderedArms()).containsExactly(Arm.KEYWORD, Arm.PASSAGE);
    }

    @Test
    void it_is_not_asked_when_off_nor_in_keyword_mode() {
        passages.ranked = List.of(reply.id());

        SearchResults off = service(PassageArm.OFF).search(new SearchRequest(ALICE, "turtles", 10, Optional.empty()));
        SearchResults keyword = service(ON).search(new SearchRequest(ALICE, "turtles", 10, Optional.empty()),
                RetrievalMode.BM25);

        assertThat(ids(off)).containsExactly(question.id());
        assertThat(ids(keyword)).containsExactly(question.id());
        assertThat(passages.asked).isEmpty();
    }
}
