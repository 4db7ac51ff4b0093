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
import dev.strata.domain.languagemodel.Embedder;
import dev.strata.domain.languagemodel.Embedding;
import dev.strata.domain.languagemodel.EmbeddingModelInfo;
import dev.strata.domain.languagemodel.EmbeddingPurpose;
import dev.strata.domain.retrieval.Arm;
import dev.strata.domain.retrieval.FusionSettings;
import dev.strata.domain.retrieval.HybridRanker;
import dev.strata.domain.retrieval.InMemoryKeywordIndex;
import dev.strata.domain.retrieval.InMemoryVectorStore;
import dev.strata.domain.retrieval.SearchMode;
import dev.strata.domain.retrieval.VectorStore;
import dev.strata.domain.retrieval.WordEmbedder;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HybridSearchServiceTest {

    private static final Tenant ALICE = Tenant.of("alice");
    private static final Tenant BOB = Tenant.of("bob");

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T09:00:00Z"));
    private final InMemoryMemoryStore store = new InMemoryMemoryStore();
    private final InMemoryVectorStore index = new InMemoryVectorStore();
    private final WordEmbedder embedder = new WordEmbedder(Map.of("automobile", "car", "vehicle", "car"));
    private Memory car;
    private Memory garage;
    private Memory lunch;

    @BeforeEach
    void rows() {
        car = embed(ALICE, "bought a red car last spring");
        garage = embed(ALICE, "the garage door is broken, vehicle stuck outside");
        lunch = embed(ALICE, "had pasta for lunch");
        embed(BOB, "my automobile is blue");
    }

    private Memory embed(Tenant tenant, String content) {
        Memory m = store.insert(new NewMemory(tenant, Category.OBSERVATION, content, Metadata.EMPTY,
                Source.AGENT_RECORDED), clock.instant());
        index.replace(tenant, m.id(), embedder.embedDocuments(List.of(content)));
        return m;
    }

    private HybridSearchService service(Embedder embedder, Optional<VectorStore> index) {
        return new HybridSearchService(store, new InMemoryKeywordIndex(store), embedder, index,
                new HybridRanker(FusionSettings.defaults(), new FinanceEntityExtractor(), clock), 50);
    }

    private static SearchRequest request(Tenant tenant, String query) {
        return new SearchRequest(tenant, query, 10, Optional.empty());
    }

    @Test
    void searches_take_turns_and_every_pipeline_derived_from_it_keeps_the_bound() throws Exception {
        java.util.concurrent.CountDownLatch holding = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        AtomicInteger starts = new AtomicInteger();
        // The first search to start holds its turn until released; every later one passes straight through.
        Runnable searchStarted = () -> {
            if (starts.incrementAndGet() == 1) {
                holding.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        HybridSearchService bounded = new HybridSearchService(store, new InMemoryKeywordIndex(store), embedder,
                Optional.of(index), new HybridRanker(FusionSettings.defaults(), new FinanceEntityExtractor(), clock), 50,
                searchStarted).withAdmission(new SearchAdmission(1, java.time.Duration.ofMillis(100)));
        HybridSearchService derived = bounded.withCandidateDepth(20).withSettings(bounded.settings())
                .withTimeLift(bounded.timeLift()).withPassage(bounded.passage());
        Thread first = Thread.ofVirtual().start(() -> bounded.search(request(ALICE, "car")));
        holding.await();

        assertThatThrownBy(() -> derived.search(request(ALICE, "car")))
                .isInstanceOf(dev.strata.domain.error.UnavailableException.class)
                .hasMessageContaining("waited 100 ms for its turn");
        assertThat(derived.admission()).isSameAs(bounded.admission());
        release.countDown();
        first.join();
        assertThat(derived.search(request(ALICE, "car")).hits()).extracting(f -> f.hit().memory().id())
                .contains(car.id());
        assertThat(bounded.admission().stats().turnedAway()).isEqualTo(1);
        assertThat(service(embedder, Optional.of(index)).admission()).isSameAs(SearchAdmission.UNBOUNDED);
    }

    @Test
    void the_time_scope_holds_for_rows_only_the_vector_arm_found() {
        // car and garage were written (and happened) at the clock's instant; one more happened long before.
        Memory old = store.insert(new NewMemory(ALICE, Category.OBSERVATION, "sold the old vehicle", Metadata.EMPTY,
                Source.AGENT_RECORDED).withOccurredAt(Optional.of(Instant.parse("2020-01-01T00:00:00Z"))),
                clock.instant());
        index.replace(ALICE, old.id(), embedder.embedDocuments(List.of(old.content())));
        HybridSearchService service = service(embedder, Optional.of(index));

        SearchResults recent = service.search(request(ALICE, "automobile").withScope(new dev.strata.domain.memory
                .TimeScope(Optional.of(Instant.parse("2026-01-01T00:00:00Z")), Optional.empty(), Optional.empty())));
        SearchResults longAgo = service.search(request(ALICE, "automobile").withScope(new dev.strata.domain.memory
                .TimeScope(Optional.empty(), Optional.of(Instant.parse("2021-01-01T00:00:00Z")), Optional.empty())));
        SearchResults before = service.search(request(ALICE, "automobile").withScope(new dev.strata.domain.memory
                .TimeScope(Optional.empty(), Optional.empty(), Optional.of(clock.instant().minusSeconds(1)))));

        assertThat(recent.hits()).extracting(f -> f.hit().memory().id()).isNotEmpty().doesNotContain(old.id());
        assertThat(longAgo.hits()).extracting(f -> f.hit().memory().id()).containsExactly(old.id());
        assertThat(before.hits()).as("nothing was written yet").isEmpty();
    }

    @Test
    void the_vector_arm_finds_rows_the_keyword_arm_missed() {
        SearchResults results = service(embedder, Optional.of(index)).search(request(ALICE, "automobile"));

        assertThat(store.search(request(ALICE, "automobile"))).isEmpty();
        assertThat(results.mode()).isEqualTo(SearchMode.HYBRID);
        assertThat(results.hits()).isNotEmpty();
        SearchResults.Found first = results.hits().getFirst();
        assertThat(first.hit().memory().id()).isIn(car.id(), garage.id());
        assertThat(first.orderedArms()).containsExactly(Arm.VECTOR);
        assertThat(results.hits()).allSatisfy(f -> assertThat(f.hit().memory().tenant()).isEqualTo(ALICE));
    }

    @Test
    void every_search_tells_its_listener_before_it_runs_in_either_mode() {
        AtomicInteger started = new AtomicInteger();
        HybridSearchService service = new HybridSearchService(store, new InMemoryKeywordIndex(store), embedder, Optional.of(index),
                new HybridRanker(FusionSettings.defaults(), new FinanceEntityExtractor(), clock), 50,
                started::incrementAndGet);

        service.search(request(ALICE, "red car"));
        service.search(request(ALICE, "red car"), RetrievalMode.BM25);

        assertThat(started).hasValue(2);
    }

    @Test
    void a_row_both_arms_found_says_so_and_ranks_first() {
        SearchResults results = service(embedder, Optional.of(index)).search(request(ALICE, "red car"));

        assertThat(results.hits().getFirst().hit().memory().id()).isEqualTo(car.id());
        assertThat(results.hits().getFirst().orderedArms()).containsExactly(Arm.KEYWORD, Arm.VECTOR);
    }

    @Test
    void without_a_vector_index_the_keyword_arm_answers_in_keyword_mode() {
        SearchResults results = service(embedder, Optional.empty()).search(request(ALICE, "pasta lunch"));

        assertThat(results.mode()).isEqualTo(SearchMode.KEYWORD);
        assertThat(results.searchHits()).extracting(h -> h.memory().id())
                .isEqualTo(store.search(request(ALICE, "pasta lunch")).stream().map(h -> h.memory().id()).toList());
        assertThat(results.hits()).allSatisfy(f -> assertThat(f.orderedArms()).containsExactly(Arm.KEYWORD));
    }

    @Test
    void a_disabled_embedder_gives_keyword_search() {
        Embedder disabled = new Embedder() {
            @Override
            public Optional<EmbeddingModelInfo> modelInfo() {
                return Optional.empty();
            }

            @Override
            public List<Embedding> embed(List<String> texts, EmbeddingPurpose purpose) {
                throw new AssertionError("a disabled embedder is never called");
            }
        };
        SearchResults results = service(disabled, Optional.of(index)).search(request(ALICE, "pasta"));

        assertThat(results.mode()).isEqualTo(SearchMode.KEYWORD);
        assertThat(results.searchHits()).extracting(h -> h.memory().id()).containsExactly(lunch.id());
    }

    @Test
    void a_failing_query_embedding_degrades_to_keyword_search() {
        embedder.failFromNowOn(true);

        SearchResults results = service(embedder, Optional.of(index)).search(request(ALICE, "pasta"));

        assertThat(results.mode()).isEqualTo(SearchMode.KEYWORD);
        assertThat(results.searchHits()).extracting(h -> h.memory().id()).containsExactly(lunch.id());
    }

    @Test
    void deleted_rows_and_other_categories_are_not_answers() {
        store.softDelete(ALICE, car.id(), clock.instant());
        Memory lesson = store.insert(new NewMemory(ALICE, Category.LESSON, "automobile lesson", Metadata.EMPTY,
                Source.AGENT_RECORDED), clock.instant());
        index.replace(ALICE, lesson.id(), embedder.embedDocuments(List.of("automobile lesson")));

        SearchResults results = service(embedder, Optional.of(index)).search(
                new SearchRequest(ALICE, "automobile", 10, Optional.of(Category.OBSERVATION)));

        assertThat(results.searchHits()).extracting(h -> h.memory().id()).doesNotContain(car.id(), lesson.id())
                .contains(garage.id());
    }

    @Test
    void the_modes_run_their_arms() {
        HybridSearchService service = service(embedder, Optional.of(index));

        assertThat(service.search(request(ALICE, "automobile"), RetrievalMode.BM25).hits()).isEmpty();
        assertThat(service.search(request(ALICE, "pasta"), RetrievalMode.VECTOR).hits())
                .allSatisfy(f -> assertThat(f.orderedArms()).containsExactly(Arm.VECTOR));
    }

    private HybridSearchService withNeighbourContext() {
        return new HybridSearchService(store, new InMemoryKeywordIndex(store), embedder, Optional.of(index), new HybridRanker(
                FusionSettings.defaults().withNeighbourContext(0.3, 2, java.time.Duration.ofMinutes(30)),
                new FinanceEntityExtractor(), clock), 50);
    }

    @Test
    void the_memory_written_right_after_a_hit_comes_back_as_its_context() {
        Memory question = embed(ALICE, "how long have you had the turtles?");
        // Not embedded yet, and without the query's word: neither arm can find it.
        Memory answer = store.insert(new NewMemory(ALICE, Category.OBSERVATION, "three years now, they bring me joy",
                Metadata.EMPTY, Source.AGENT_RECORDED), clock.instant());

        SearchResults results = withNeighbourContext().search(request(ALICE, "turtles"));

        assertThat(results.searchHits()).extracting(h -> h.memory().id()).startsWith(question.id())
                .contains(answer.id());
        SearchResults.Found context = results.hits().stream()
                .filter(f -> f.hit().memory().id().equals(answer.id())).findFirst().orElseThrow();
        assertThat(context.orderedArms()).containsExactly(Arm.CONTEXT);
        assertThat(context.hit().snippet()).isNotBlank();
    }

    @Test
    void context_comes_only_from_the_same_sitting_and_the_category_asked() {
        Memory question = embed(ALICE, "how long have you had the turtles?");
        Memory lesson = store.insert(new NewMemory(ALICE, Category.LESSON, "never feed them bread", Metadata.EMPTY,
                Source.AGENT_RECORDED), clock.instant());
        clock.advance(java.time.Duration.ofHours(2));
        Memory later = embed(ALICE, "three years now, they bring me joy");

        SearchResults results = withNeighbourContext().search(
                new SearchRequest(ALICE, "turtles", 10, Optional.of(Category.OBSERVATION)));

        assertThat(results.searchHits()).extracting(h -> h.memory().id()).contains(question.id())
                .doesNotContain(lesson.id());
        assertThat(results.hits()).filteredOn(f -> f.hit().memory().id().equals(later.id()))
                .allSatisfy(f -> assertThat(f.orderedArms()).doesNotContain(Arm.CONTEXT));
    }

    @Test
    void another_tenants_memories_are_never_context() {
        Memory question = embed(ALICE, "how long have you had the turtles?");
        Memory bobs = embed(BOB, "three years now, they bring me joy");

        SearchResults results = withNeighbourContext().search(request(ALICE, "turtles"));

        assertThat(results.searchHits()).extracting(h -> h.memory().id()).contains(question.id())
                .doesNotContain(bobs.id());
    }

    private HybridSearchService withAnswerLift() {
        return new HybridSearchService(store, new InMemoryKeywordIndex(store), embedder, Optional.of(index), new HybridRanker(
                FusionSettings.defaults().withNeighbourContext(0.3, 2, java.time.Duration.ofMinutes(30)),
                new FinanceEntityExtractor(), clock).withAnswerLift(new dev.strata.domain.retrieval.AnswerLift(0.5)), 50);
    }

    @Test
    void the_answer_lift_ranks_the_reply_to_a_question_above_the_memory_before_it() {
        Memory before = store.insert(new NewMemory(ALICE, Category.OBSERVATION, "we went to the pet shop on saturday",
                Metadata.EMPTY, Source.AGENT_RECORDED), clock.instant());
        Memory question = embed(ALICE, "how long have you had the turtles?");
        Memory answer = store.insert(new NewMemory(ALICE, Category.OBSERVATION, "three years now, they bring me joy",
                Metadata.EMPTY, Source.AGENT_RECORDED), clock.instant());

        List<MemoryId> plain = withNeighbourContext().search(request(ALICE, "turtles")).searchHits().stream()
                .map(h -> h.memory().id()).toList();
        List<MemoryId> lifted = withAnswerLift().search(request(ALICE, "turtles")).searchHits().stream()
                .map(h -> h.memory().id()).toList();

        // Neighbour context lends to both sides alike (the earlier write first on a tie); the answer lift adds to
        // the reply only.
        assertThat(plain.indexOf(before.id())).isNotNegative().isLessThan(plain.indexOf(answer.id()));
        assertThat(lifted).startsWith(question.id(), answer.id()).contains(before.id());
    }

    @Test
    void the_answer_lift_keeps_to_the_category_the_time_scope_and_the_tenant_asked() {
        Memory question = embed(ALICE, "how long have you had the turtles?");
        Memory lesson = store.insert(new NewMemory(ALICE, Category.LESSON, "never feed them bread", Metadata.EMPTY,
                Source.AGENT_RECORDED), clock.instant());
        Memory bobs = store.insert(new NewMemory(BOB, Category.OBSERVATION, "three years, says bob", Metadata.EMPTY,
                Source.AGENT_RECORDED), clock.instant());
        Memory longAgo = store.insert(new NewMemory(ALICE, Category.OBSERVATION, "since I was a boy", Metadata.EMPTY,
                Source.AGENT_RECORDED).withOccurredAt(Optional.of(Instant.parse("2020-01-01T00:00:00Z"))),
                clock.instant());

        SearchResults observations = withAnswerLift().search(new SearchRequest(ALICE, "turtles", 10,
                Optional.of(Category.OBSERVATION)).withScope(new dev.strata.domain.memory.TimeScope(
                Optional.of(Instant.parse("2026-01-01T00:00:00Z")), Optional.empty(), Optional.empty())));
        SearchResults any = withAnswerLift().search(request(ALICE, "turtles"));

        assertThat(observations.searchHits()).extracting(h -> h.memory().id()).contains(question.id())
                .doesNotContain(lesson.id(), bobs.id(), longAgo.id());
        assertThat(any.searchHits()).extracting(h -> h.memory().id()).contains(question.id(), lesson.id())
                .doesNotContain(bobs.id());
    }
}
