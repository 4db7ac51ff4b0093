package dev.strata.domain.retrieval;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.languagemodel.Embedder;
import dev.strata.domain.languagemodel.Embedding;
import dev.strata.domain.languagemodel.EmbeddingModelInfo;
import dev.strata.domain.languagemodel.EmbeddingPurpose;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A deterministic {@link Embedder} fake: a bag of words hashed into 64 dimensions, after mapping
 * synonyms to one word, so that "automobile" lands near "car" although the words share no letters
 * (what the vector arm adds over keywords). It counts the texts it embedded and can be told to fail.
 */
public final class WordEmbedder implements Embedder {

    public static final int DIMENSION = 64;

    private final Map<String, String> synonyms;
    private final AtomicInteger embedded = new AtomicInteger();
    private volatile boolean failing;

    public WordEmbedder(Map<String, String> synonyms) {
        this.synonyms = Map.copyOf(synonyms);
    }

    public void failFromNowOn(boolean fail) {
        this.failing = fail;
    }

    /** How many texts were embedded so far. */
    public int embeddedTexts() {
        return embedded.get();
    }

    @Override
    public Optional<EmbeddingModelInfo> modelInfo() {
        return Optional.of(new EmbeddingModelInfo("test", "words-64", DIMENSION));
    }

    @Override
    public List<Embedding> embed(List<String> texts, EmbeddingPurpose purpose) {
        if (failing) {
            throw new UnavailableException("the test embedder is switched to failing");
        }
        List<Embedding> out = new ArrayList<>(texts.size());
        for (String text : texts) {
            float[] v = new float[DIMENSION];
            for (String word : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
                if (!word.isEmpty()) {
                    v[Math.floorMod(synonyms.getOrDefault(word, word).hashCode(), DIMENSION)] += 1;
                }
            }
            v[0] += 0.01f;
            out.add(new Embedding(v));
        }
        embedded.addAndGet(texts.size());
        return out;
    }
}
