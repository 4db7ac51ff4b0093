package dev.strata.application.retrieval;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.languagemodel.Embedder;
import dev.strata.domain.languagemodel.Embedding;
import dev.strata.domain.languagemodel.EmbeddingModelInfo;
import dev.strata.domain.languagemodel.EmbeddingPurpose;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BoundedQueryEmbedderTest {

    /** Records every text it embeds; a query can be made to wait for a latch. */
    private static final class RecordingEmbedder implements Embedder {
        final List<String> embedded = Collections.synchronizedList(new ArrayList<>());
        volatile CountDownLatch hold = new CountDownLatch(0);
        final CountDownLatch entered = new CountDownLatch(1);

        @Override
        public Optional<EmbeddingModelInfo> modelInfo() {
            return Optional.of(new EmbeddingModelInfo("test", "words-v1", 2));
        }

        @Override
        public List<Embedding> embed(List<String> texts, EmbeddingPurpose purpose) {
            entered.countDown();
            try {
                hold.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            embedded.addAll(texts);
            return texts.stream().map(t -> new Embedding(new float[]{t.length(), 1})).toList();
        }
    }

    private final RecordingEmbedder model = new RecordingEmbedder();
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        model.hold.countDown();
        threads.shutdownNow();
    }

    @Test
    void an_identical_query_is_answered_from_the_cache_without_the_model() {
        BoundedQueryEmbedder queries = new BoundedQueryEmbedder(model, new QueryEmbeddingSettings(8, 2,
                Duration.ofSeconds(1)));

        Embedding first = queries.embedQuery("what slippage does the user like?");
        Embedding second = queries.embedQuery("what slippage does the user like?");

        assertThat(second).isEqualTo(first);
        assertThat(model.embedded).containsExactly("what slippage does the user like?");
        assertThat(queries.stats().hits()).isEqualTo(1);
        assertThat(queries.stats().misses()).isEqualTo(1);
    }

    @Test
    void the_cache_keeps_the_most_recently_used_queries_only() {
        BoundedQueryEmbedder queries = new BoundedQueryEmbedder(model, new QueryEmbeddingSettings(2, 2,
                Duration.ofSeconds(1)));

        queries.embedQuery("a b");
        queries.embedQuery("c d");
        queries.embedQuery("a b");
        queries.embedQuery("e f");
        queries.embedQuery("c d");

        assertThat(model.embedded).containsExactly("a b", "c d", "e f", "c d");
        assertThat(queries.stats().size()).isEqualTo(2);
    }

    @Test
    void without_a_cache_every_query_reaches_the_model() {
        BoundedQueryEmbedder queries = new BoundedQueryEmbedder(model, QueryEmbeddingSettings.DEFAULTS.withoutCache());

        queries.embedQuery("same");
        queries.embedQuery("same");

        assertThat(model.embedded).containsExactly("same", "same");
        assertThat(queries.stats().hits()).isZero();
    }

    @Test
    void documents_pass_through_uncached() {
        BoundedQueryEmbedder queries = new BoundedQueryEmbedder(model, QueryEmbeddingSettings.DEFAULTS);

        queries.embedDocuments(List.of("one", "one"));
        queries.embed(List.of("one"), EmbeddingPurpose.DOCUMENT);

        assertThat(model.embedded).containsExactly("one", "one", "one");
        assertThat(queries.stats().size()).isZero();
    }

    @Test
    void a_query_beyond_the_bound_waits_and_past_the_longest_wait_is_turned_away_as_unavailable() throws Exception {
        BoundedQueryEmbedder queries = new BoundedQueryEmbedder(model, new QueryEmbeddingSettings(0, 1,
                Duration.ofMillis(50)));
        model.hold = new CountDownLatch(1);
        Future<Embedding> first = threads.submit(() -> queries.embedQuery("first"));
        model.entered.await(10, TimeUnit.SECONDS);

        assertThatThrownBy(() -> queries.embedQuery("second")).isInstanceOf(UnavailableException.class)
                .hasMessageContaining("waited 50 ms");

        model.hold.countDown();
        first.get(10, TimeUnit.SECONDS);
        assertThat(queries.stats().turnedAway()).isEqualTo(1);
        assertThat(model.embedded).containsExactly("first");
        queries.embedQuery("third");
        assertThat(model.embedded).as("the turn is given back").containsExactly("first", "third");
    }

    @Test
    void settings_out_of_range_are_refused() {
        assertThatThrownBy(() -> new QueryEmbeddingSettings(-1, 1, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cacheSize");
        assertThatThrownBy(() -> new QueryEmbeddingSettings(1, 0, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxConcurrent");
    }
}
