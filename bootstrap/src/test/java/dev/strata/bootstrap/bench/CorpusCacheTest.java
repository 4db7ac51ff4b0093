package dev.strata.bootstrap.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Issue 19: a corpus is reused only when it is finished and made of exactly what is asked; a stale one never. */
class CorpusCacheTest {

    private static final CorpusCache.Key KEY = new CorpusCache.Key(10_000, 1, 42, 3_000, "local:BGE_SMALL_EN_V15");

    @TempDir
    Path root;

    private CorpusCache.Manifest build(CorpusCache cache, CorpusCache.Key key, double seconds, long vectors)
            throws IOException {
        Path dir = cache.prepare(key);
        Path db = Files.writeString(dir.resolve("strata.db"), "a database");
        CorpusCache.Manifest built = new CorpusCache.Manifest(seconds, vectors);
        cache.complete(key, db, built);
        return built;
    }

    @Test
    void a_finished_corpus_of_the_same_key_is_reused_with_what_its_build_recorded() throws IOException {
        CorpusCache cache = new CorpusCache(root);
        build(cache, KEY, 412.5, 9_876);

        assertThat(new CorpusCache(root).reusable(KEY)).contains(new CorpusCache.Manifest(412.5, 9_876));
    }

    @Test
    void a_corpus_of_another_size_tenants_seed_texts_or_model_is_never_reused() throws IOException {
        CorpusCache cache = new CorpusCache(root);
        build(cache, KEY, 10, 10_000);

        assertThat(cache.reusable(new CorpusCache.Key(100_000, 1, 42, 3_000, KEY.model()))).isEmpty();
        assertThat(cache.reusable(new CorpusCache.Key(10_000, 2, 42, 3_000, KEY.model()))).isEmpty();
        assertThat(cache.reusable(new CorpusCache.Key(10_000, 1, 43, 3_000, KEY.model()))).isEmpty();
        assertThat(cache.reusable(new CorpusCache.Key(10_000, 1, 42, 2_000, KEY.model()))).isEmpty();
        assertThat(cache.reusable(new CorpusCache.Key(10_000, 1, 42, 3_000, "local:ALL_MINILM_L6_V2"))).isEmpty();
        assertThat(cache.reusable(KEY)).isPresent();
    }

    @Test
    void a_manifest_naming_another_model_in_the_same_folder_is_stale() throws IOException {
        CorpusCache cache = new CorpusCache(root);
        build(cache, KEY, 10, 10_000);
        Path manifest = cache.dir(KEY).resolve(CorpusCache.MANIFEST);
        // Two model names can map to one folder name: the manifest, not the folder, decides.
        Files.writeString(manifest, Files.readString(manifest, StandardCharsets.UTF_8)
                .replace("model=local\\:BGE_SMALL_EN_V15", "model=local\\:ALL_MINILM_L6_V2"), StandardCharsets.UTF_8);

        assertThat(Files.readString(manifest)).contains("ALL_MINILM_L6_V2");
        assertThat(cache.reusable(KEY)).isEmpty();
    }

    @Test
    void an_unfinished_build_is_not_reused_and_preparing_again_clears_what_it_left() throws IOException {
        CorpusCache cache = new CorpusCache(root);
        Path dir = cache.prepare(KEY);
        Path leftover = Files.writeString(dir.resolve("strata.db"), "half a corpus");

        assertThat(cache.reusable(KEY)).isEmpty();
        cache.prepare(KEY);
        assertThat(leftover).doesNotExist();
        assertThat(cache.dir(KEY)).isEmptyDirectory();
    }

    @Test
    void a_corpus_whose_database_was_removed_is_not_reused() throws IOException {
        CorpusCache cache = new CorpusCache(root);
        build(cache, KEY, 10, 10_000);
        Files.delete(cache.dir(KEY).resolve("strata.db"));

        assertThat(cache.reusable(KEY)).isEmpty();
    }

    @Test
    void a_key_out_of_range_is_refused() {
        assertThatThrownBy(() -> new CorpusCache.Key(1_000, 2_000, 42, 10, "m")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CorpusCache.Key(1_000, 1, 42, 1_001, "m")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CorpusCache.Key(1_000, 1, 42, 10, " ")).isInstanceOf(IllegalArgumentException.class);
    }
}
