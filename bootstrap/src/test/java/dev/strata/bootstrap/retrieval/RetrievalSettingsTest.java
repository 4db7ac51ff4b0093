package dev.strata.bootstrap.retrieval;

import dev.strata.adapters.llm.embedding.EmbeddingProvider;
import dev.strata.adapters.llm.embedding.LocalEmbeddingModel;
import dev.strata.bootstrap.area.TestConfig;
import dev.strata.bootstrap.SettingsLoader;
import dev.strata.bootstrap.StrataCore;
import dev.strata.bootstrap.StrataSettings;
import dev.strata.domain.retrieval.AnswerLift;
import dev.strata.domain.retrieval.FusionSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** {@link SearchSettings} and {@link EmbeddingSettings}: the two settings records of the retrieval area. */
class RetrievalSettingsTest {

    @Test
    void every_search_key_is_read_in_one_place_with_the_ranker_defaults_for_the_rest() {
        SearchSettings s = SearchSettings.from(TestConfig.defaults());
        FusionSettings ranker = FusionSettings.defaults();

        assertThat(s.candidateDepth()).isEqualTo(50);
        assertThat(s.keywordCandidates()).isEqualTo(500);
        assertThat(s.indexCompactionInterval()).isEqualTo(Duration.ofSeconds(60));
        assertThat(s.indexCompactionGrowthPercent()).isEqualTo(10);
        assertThat(s.fusion().rrfK()).isEqualTo(5);
        assertThat(s.fusion().neighbourWeight()).isEqualTo(0.3);
        assertThat(s.fusion().entityBoostFactor()).isEqualTo(ranker.entityBoostFactor());
        assertThat(s.fusion().decayHalfLife()).isEqualTo(ranker.decayHalfLife());
        assertThat(s.fusion().mmrLambda()).isEqualTo(ranker.mmrLambda());
        assertThat(s.withIndexCompactionInterval(Duration.ZERO).indexCompactionInterval()).isZero();
        // Left empty: the embedding model's measured floor.
        assertThat(s.fusion().vectorMinSimilarity()).isEmpty();
        assertThat(s.fusion().vectorSoloMinSimilarity()).isEmpty();
        assertThat(s.fusion().vectorSimilarityWindow()).isEmpty();
        FusionSettings floored = SearchSettings.from(TestConfig.with(Map.of("STRATA_SEARCH_VECTOR_MIN_SIMILARITY",
                "0.5", "STRATA_SEARCH_VECTOR_SOLO_MIN_SIMILARITY", "0.7", "STRATA_SEARCH_VECTOR_SIMILARITY_WINDOW",
                "0.2"))).fusion();
        assertThat(floored.vectorMinSimilarity()).hasValue(0.5);
        assertThat(floored.vectorSoloMinSimilarity()).hasValue(0.7);
        assertThat(floored.vectorSimilarityWindow()).hasValue(0.2);
    }

    @Test
    void the_in_memory_vector_index_is_on_by_default_and_can_be_switched_off_or_given_a_budget() {
        assertThat(SearchSettings.from(TestConfig.defaults()).vectorIndex())
                .isEqualTo(new dev.strata.adapters.sqlite.SqliteVectorStore.InMemoryIndex(true, 256));
        assertThat(SearchSettings.from(TestConfig.with(Map.of("STRATA_SEARCH_VECTOR_INDEX", "false",
                "STRATA_SEARCH_VECTOR_INDEX_BUDGET_MB", "64"))).vectorIndex())
                .isEqualTo(new dev.strata.adapters.sqlite.SqliteVectorStore.InMemoryIndex(false, 64));
        assertThatIllegalArgumentException()
                .isThrownBy(() -> SearchSettings.from(TestConfig.with(Map.of("STRATA_SEARCH_VECTOR_INDEX_BUDGET_MB", "0"))))
                .withMessageContaining("strata.search.vector-index-budget-mb (STRATA_SEARCH_VECTOR_INDEX_BUDGET_MB)")
                .withMessageContaining("[1, 65536]");
    }

    @Test
    void a_similarity_floor_outside_its_range_names_its_key_and_variable() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> SearchSettings.from(TestConfig.with(Map.of(
                        "STRATA_SEARCH_VECTOR_MIN_SIMILARITY", "1.5"))))
                .withMessageContaining("strata.search.vector-min-similarity (STRATA_SEARCH_VECTOR_MIN_SIMILARITY)")
                .withMessageContaining("[0, 1)");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> SearchSettings.from(TestConfig.with(Map.of(
                        "STRATA_SEARCH_VECTOR_SIMILARITY_WINDOW", "0"))))
                .withMessageContaining("strata.search.vector-similarity-window (STRATA_SEARCH_VECTOR_SIMILARITY_WINDOW)")
                .withMessageContaining("(0, 2]");
    }

    @Test
    void the_time_lift_is_read_from_its_key_and_a_weight_outside_its_range_names_it() {
        assertThat(SearchSettings.from(TestConfig.with(Map.of("STRATA_SEARCH_TIME_LIFT_WEIGHT", "0.5"))).timeLift())
                .isEqualTo(new dev.strata.domain.retrieval.TimeLift(0.5));
        assertThat(SearchSettings.from(TestConfig.defaults()).withTimeLift(dev.strata.domain.retrieval.TimeLift.OFF)
                .timeLift().isOff()).isTrue();
        assertThatIllegalArgumentException()
                .isThrownBy(() -> SearchSettings.from(TestConfig.with(Map.of("STRATA_SEARCH_TIME_LIFT_WEIGHT", "11"))))
                .withMessageContaining("strata.search.time-lift-weight (STRATA_SEARCH_TIME_LIFT_WEIGHT)")
                .withMessageContaining("[0, 10]");
    }

    @Test
    void the_answer_lift_ships_at_half_a_question_s_score_and_a_weight_outside_its_range_names_it() {
        assertThat(SearchSettings.from(TestConfig.defaults()).answerLift()).isEqualTo(new AnswerLift(0.5));
        assertThat(SearchSettings.from(TestConfig.with(Map.of("STRATA_SEARCH_ANSWER_LIFT_WEIGHT", "0"))).answerLift()
                .isOff()).isTrue();
        assertThat(SearchSettings.from(TestConfig.defaults()).withAnswerLift(new AnswerLift(1.5)).answerLift())
                .isEqualTo(new AnswerLift(1.5));
        assertThatIllegalArgumentException()
                .isThrownBy(() -> SearchSettings.from(TestConfig.with(Map.of("STRATA_SEARCH_ANSWER_LIFT_WEIGHT", "2.5"))))
                .withMessageContaining("strata.search.answer-lift-weight (STRATA_SEARCH_ANSWER_LIFT_WEIGHT)")
                .withMessageContaining("[0, 2]");
    }

    @Test
    void the_composition_root_hands_the_configured_answer_lift_to_the_search_pipeline(@TempDir Path dataDir) {
        StrataSettings defaults = SettingsLoader.fromDefaults().load();
        StrataSettings settings = defaults.withDataDir(dataDir)
                .with(defaults.embedding().withProvider(EmbeddingProvider.DISABLED))
                .with(defaults.search().withAnswerLift(new AnswerLift(0.25)));
        try (StrataCore core = StrataCore.open(settings, Clock.systemUTC())) {
            assertThat(core.retrieval().search().answerLift()).isEqualTo(new AnswerLift(0.25));
        }
    }

    @Test
    void the_passage_arm_is_read_from_its_keys_and_a_weight_outside_its_range_names_it() {
        assertThat(SearchSettings.from(TestConfig.with(Map.of("STRATA_SEARCH_PASSAGE_WEIGHT", "0.5",
                "STRATA_SEARCH_PASSAGE_NEIGHBOUR_WEIGHT", "0.25", "STRATA_SEARCH_PASSAGE_DATE_WEIGHT", "0"))).passage())
                .isEqualTo(new dev.strata.domain.retrieval.PassageArm(0.5, 1, 0.25, 0));
        assertThat(SearchSettings.from(TestConfig.with(Map.of("STRATA_SEARCH_PASSAGE_WEIGHT", "0"))).passage().isOff())
                .isTrue();
        assertThatIllegalArgumentException()
                .isThrownBy(() -> SearchSettings.from(TestConfig.with(Map.of("STRATA_SEARCH_PASSAGE_DATE_WEIGHT", "-1"))))
                .withMessageContaining("strata.search.passage-date-weight (STRATA_SEARCH_PASSAGE_DATE_WEIGHT)")
                .withMessageContaining("[0, 10]");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> SearchSettings.from(TestConfig.with(Map.of("STRATA_SEARCH_PASSAGE_WEIGHT", "11"))))
                .withMessageContaining("strata.search.passage-weight (STRATA_SEARCH_PASSAGE_WEIGHT)");
    }

    @Test
    void a_bad_search_value_names_its_key_and_variable() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> SearchSettings.from(TestConfig.with(Map.of("STRATA_SEARCH_CANDIDATE_DEPTH", "0"))))
                .withMessage("configuration strata.search.candidate-depth (STRATA_SEARCH_CANDIDATE_DEPTH) must be in "
                        + "[1, 1000], got '0'");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> SearchSettings.from(TestConfig.with(Map.of("STRATA_SEARCH_KEYWORD_WEIGHT", "heavy"))))
                .withMessage("configuration strata.search.keyword-weight (STRATA_SEARCH_KEYWORD_WEIGHT) must be a "
                        + "decimal number, got 'heavy'");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> SearchSettings.from(TestConfig.with(Map.of("STRATA_SEARCH_RRF_K", "0"))))
                .withMessageStartingWith("configuration strata.search.rrf-k").withMessageContaining("rrfK must be at least 1");
    }

    @Test
    void embeddings_default_to_the_local_model_and_the_environment_picks_another() {
        EmbeddingSettings s = EmbeddingSettings.from(TestConfig.defaults());

        assertThat(s.provider()).isEqualTo(EmbeddingProvider.LOCAL);
        assertThat(s.local().model()).isEqualTo(LocalEmbeddingModel.DEFAULT);
        assertThat(s.local().documentThreads()).isEqualTo(1);
        assertThat(s.local().queryThreads()).as("one core for the query, the other for the arms searching meanwhile")
                .isEqualTo(1);
        assertThat(EmbeddingSettings.from(TestConfig.with(Map.of("STRATA_EMBEDDING_LOCAL_QUERY_THREADS", "0")))
                .local().queryThreads()).isZero();
        assertThat(s.openAi().baseUrl()).isEmpty();
        assertThat(s.worker().queueCapacity()).isEqualTo(10_000);
        assertThat(s.worker().yield().quiet()).isEqualTo(Duration.ofMillis(250));
        assertThat(s.catchUpInterval()).isEqualTo(Duration.ofMinutes(5));
        assertThat(s.workerNice()).as("the minimum share, not a lower priority, bounds the worker").isZero();
        assertThat(EmbeddingSettings.from(TestConfig.with(Map.of("STRATA_EMBEDDING_WORKER_NICE", "10"))).workerNice())
                .isEqualTo(10);
        assertThat(s.worker().yield().minSharePercent()).isEqualTo(50);
        assertThat(EmbeddingSettings.from(TestConfig.with(Map.of("STRATA_EMBEDDING_YIELD_MIN_SHARE_PERCENT", "20")))
                .worker().yield().minSharePercent()).isEqualTo(20);

        EmbeddingSettings remote = EmbeddingSettings.from(TestConfig.with(Map.of("EMBEDDING_PROVIDER", "openai",
                "STRATA_EMBEDDING_OPENAI_BASE_URL", "http://127.0.0.1:11434", "STRATA_EMBEDDING_OPENAI_DIMENSION", "256")));
        assertThat(remote.provider()).isEqualTo(EmbeddingProvider.OPENAI);
        assertThat(remote.openAi().baseUrl()).contains(URI.create("http://127.0.0.1:11434"));
        assertThat(remote.openAi().dimension()).hasValue(256);
        assertThat(s.withOpenAi(remote.openAi())).isEqualTo(remote);
        assertThat(remote.withProvider(EmbeddingProvider.DISABLED).openAi()).isEqualTo(remote.openAi());
    }

    @Test
    void a_provider_that_cannot_embed_degrades_to_keyword_search() {
        // spec 02 "Failure Modes": the provider has a fallback (keyword search), so it warns instead of stopping.
        assertThat(EmbeddingSettings.from(TestConfig.with(Map.of("EMBEDDING_PROVIDER", "gpu"))).provider())
                .isEqualTo(EmbeddingProvider.DISABLED);
        assertThat(EmbeddingSettings.from(TestConfig.with(Map.of("EMBEDDING_PROVIDER", "anthropic"))).provider())
                .isEqualTo(EmbeddingProvider.DISABLED);
    }

    @Test
    void a_bad_embedding_value_names_its_key_and_variable() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> EmbeddingSettings.from(TestConfig.with(Map.of("STRATA_EMBEDDING_LOCAL_MODEL", "bert"))))
                .withMessageContaining("strata.embedding.local-model (STRATA_EMBEDDING_LOCAL_MODEL)");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> EmbeddingSettings.from(TestConfig.with(Map.of(
                        "STRATA_EMBEDDING_LOCAL_QUERY_THREADS", "65"))))
                .withMessage("configuration strata.embedding.local-query-threads (STRATA_EMBEDDING_LOCAL_QUERY_THREADS) "
                        + "must be in [0, 64], got '65'");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> EmbeddingSettings.from(TestConfig.with(Map.of("STRATA_EMBEDDING_YIELD_QUIET_MS", "-1"))))
                .withMessageStartingWith("configuration strata.embedding.queue-capacity, batch-size, yield-*: ");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> EmbeddingSettings.from(TestConfig.with(Map.of(
                        "STRATA_EMBEDDING_CATCH_UP_INTERVAL_SECONDS", "0"))))
                .withMessageContaining("strata.embedding.catch-up-interval-seconds (STRATA_EMBEDDING_CATCH_UP_INTERVAL_SECONDS)");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> EmbeddingSettings.from(TestConfig.with(Map.of("STRATA_EMBEDDING_WORKER_NICE", "20"))))
                .withMessage("configuration strata.embedding.worker-nice (STRATA_EMBEDDING_WORKER_NICE) must be in "
                        + "[0, 19], got '20'");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> EmbeddingSettings.from(TestConfig.with(Map.of(
                        "STRATA_EMBEDDING_YIELD_MIN_SHARE_PERCENT", "0"))))
                .withMessage("configuration strata.embedding.yield-min-share-percent "
                        + "(STRATA_EMBEDDING_YIELD_MIN_SHARE_PERCENT) must be in [1, 100], got '0'");
    }
}
