package dev.strata.adapters.llm.embedding;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A BERT-style sentence encoder run directly on ONNX Runtime, producing the same vectors as
 * langchain4j's {@code OnnxBertBiEncoder} for the same model file (tested to 1e-5), so vectors
 * stored by either are comparable. It exists because langchain4j creates its session with
 * default options, which cannot be tuned: here the caller chooses how many intra-op threads one
 * inference may use, so the background worker can embed on one core while a query uses both.
 *
 * <p>The algorithm is langchain4j's: the text is tokenized; tokens beyond the model's 510 are
 * split at word boundaries into partitions, each encoded separately; each partition is pooled
 * ({@code [CLS]} for bge, mean for MiniLM); partitions are averaged weighted by their token
 * counts; the result is L2-normalised. Nothing is padded: a short query runs on its own tokens.
 *
 * <p>Thread-safe: ONNX Runtime sessions and the Rust tokenizer allow concurrent calls.
 */
final class OnnxBertEncoder {

    /** How a sequence of token vectors becomes one vector. */
    enum Pooling { CLS, MEAN }

    /** 512 positions minus {@code [CLS]} and {@code [SEP]}. */
    static final int MAX_SEQUENCE_LENGTH = 510;

    private final OrtEnvironment environment;
    private final OrtSession session;
    private final Set<String> inputNames;
    private final HuggingFaceTokenizer tokenizer;
    private final Pooling pooling;

    private OnnxBertEncoder(OrtEnvironment environment, OrtSession session, HuggingFaceTokenizer tokenizer,
                            Pooling pooling) throws OrtException {
        this.environment = environment;
        this.session = session;
        this.inputNames = session.getInputNames();
        this.tokenizer = tokenizer;
        this.pooling = pooling;
    }

    /**
     * Opens a session on {@code model}.
     *
     * @param intraOpThreads threads one inference may use; 0 lets ONNX Runtime choose (one per core)
     */
    static OnnxBertEncoder open(byte[] model, HuggingFaceTokenizer tokenizer, Pooling pooling, int intraOpThreads) {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(tokenizer, "tokenizer");
        Objects.requireNonNull(pooling, "pooling");
        if (intraOpThreads < 0) {
            throw new IllegalArgumentException("intraOpThreads must not be negative: " + intraOpThreads);
        }
        OrtEnvironment environment = OrtEnvironment.getEnvironment();
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            // The level langchain4j's default options use: a lower one changes the vectors (fused
            // quantized kernels round differently), breaking comparability with stored vectors.
            options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
            if (intraOpThreads > 0) {
                options.setIntraOpNumThreads(intraOpThreads);
            }
            return new OnnxBertEncoder(environment, environment.createSession(model, options), tokenizer, pooling);
        } catch (OrtException e) {
            throw new IllegalStateException("cannot open the ONNX model: " + e.getMessage(), e);
        }
    }

    /** The tokenizer langchain4j builds for these models: no padding, no truncation. */
    static HuggingFaceTokenizer tokenizer(InputStream json) {
        try (InputStream in = Objects.requireNonNull(json, "json")) {
            return HuggingFaceTokenizer.newInstance(in, Map.of("padding", "false"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The unit-length embedding of {@code text}. */
    float[] embed(String text) {
        List<String> tokens = tokenizer.tokenize(text);
        List<List<String>> partitions = partition(tokens, MAX_SEQUENCE_LENGTH);
        if (partitions.isEmpty()) {
            throw new IllegalArgumentException("the text has no tokens to embed");
        }
        List<float[]> vectors = new ArrayList<>(partitions.size());
        for (List<String> partition : partitions) {
            vectors.add(encode(partition));
        }
        return normalize(weightedAverage(vectors, partitions));
    }

    /**
     * Splits the tokens between {@code [CLS]} and {@code [SEP]} into runs of at most {@code size},
     * never inside a word (a {@code ##} continuation stays with its word).
     */
    static List<List<String>> partition(List<String> tokens, int size) {
        List<List<String>> partitions = new ArrayList<>();
        int from = 1;
        while (from < tokens.size() - 1) {
            int to = from + size;
            if (to >= tokens.size() - 1) {
                to = tokens.size() - 1;
            } else {
                while (tokens.get(to).startsWith("##")) {
                    to--;
                }
            }
            partitions.add(tokens.subList(from, to));
            from = to;
        }
        return partitions;
    }

    private float[] encode(List<String> tokens) {
        Encoding encoding = tokenizer.encode(toText(tokens), true, false);
        long[] ids = encoding.getIds();
        long[] shape = {1, ids.length};
        try (OnnxTensor inputIds = OnnxTensor.createTensor(environment, LongBuffer.wrap(ids), shape);
             OnnxTensor attentionMask = OnnxTensor.createTensor(environment,
                     LongBuffer.wrap(encoding.getAttentionMask()), shape);
             OnnxTensor typeIds = OnnxTensor.createTensor(environment, LongBuffer.wrap(encoding.getTypeIds()), shape)) {
            Map<String, OnnxTensor> inputs = new HashMap<>(4);
            inputs.put("input_ids", inputIds);
            inputs.put("attention_mask", attentionMask);
            if (inputNames.contains("token_type_ids")) {
                inputs.put("token_type_ids", typeIds);
            }
            try (OrtSession.Result result = session.run(inputs)) {
                OnnxTensor hidden = (OnnxTensor) result.get(0);
                long[] hiddenShape = hidden.getInfo().getShape();
                return pool(hidden.getFloatBuffer(), (int) hiddenShape[1], (int) hiddenShape[2]);
            }
        } catch (OrtException e) {
            throw new IllegalStateException("ONNX inference failed: " + e.getMessage(), e);
        }
    }

    /**
     * The text the partition is encoded from: the tokens joined back into a sentence when that
     * tokenizes to the same tokens, else the tokens concatenated (what langchain4j does; keeping it
     * keeps the vectors equal to those already stored).
     */
    private String toText(List<String> tokens) {
        String text = tokenizer.buildSentence(tokens);
        List<String> again = tokenizer.tokenize(text);
        if (again.size() >= 2 && again.subList(1, again.size() - 1).equals(tokens)) {
            return text;
        }
        return String.join("", tokens);
    }

    /** Pools a {@code [tokens, dimension]} row-major buffer, reading only the rows it needs. */
    private float[] pool(FloatBuffer hidden, int tokens, int dimension) {
        float[] pooled = new float[dimension];
        if (pooling == Pooling.CLS) {
            hidden.get(0, pooled);
            return pooled;
        }
        // Same summation order as langchain4j, so the floats round the same way.
        float[] row = new float[dimension];
        for (int t = 0; t < tokens; t++) {
            hidden.get(t * dimension, row);
            for (int j = 0; j < dimension; j++) {
                pooled[j] += row[j];
            }
        }
        for (int j = 0; j < dimension; j++) {
            pooled[j] /= tokens;
        }
        return pooled;
    }

    private static float[] weightedAverage(List<float[]> vectors, List<List<String>> partitions) {
        if (vectors.size() == 1) {
            return vectors.getFirst();
        }
        int dimension = vectors.getFirst().length;
        float[] average = new float[dimension];
        int total = 0;
        for (int i = 0; i < vectors.size(); i++) {
            int weight = partitions.get(i).size();
            total += weight;
            for (int j = 0; j < dimension; j++) {
                average[j] += vectors.get(i)[j] * weight;
            }
        }
        for (int j = 0; j < dimension; j++) {
            average[j] /= total;
        }
        return average;
    }

    private static float[] normalize(float[] vector) {
        float sumSquare = 0;
        for (float v : vector) {
            sumSquare += v * v;
        }
        float norm = (float) Math.sqrt(sumSquare);
        float[] unit = new float[vector.length];
        for (int i = 0; i < vector.length; i++) {
            unit[i] = vector[i] / norm;
        }
        return unit;
    }
}
