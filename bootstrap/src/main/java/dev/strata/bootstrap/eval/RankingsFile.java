package dev.strata.bootstrap.eval;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * {@code eval locomo --rankings FILE}: one JSON object a line for each question in each mode, its
 * evidence and the ranked turns ({@code dia_id}s) the search answered with. The offline measurements
 * of re-ranking ideas start from this file (an idea is fused with or re-orders the shipped ranking,
 * and is scored leaving one conversation out), so they measure the real write and search path, not a
 * copy of it.
 */
public final class RankingsFile implements Consumer<LocomoEvaluation.Ranking>, AutoCloseable {

    private final BufferedWriter out;

    private RankingsFile(BufferedWriter out) {
        this.out = out;
    }

    /** Creates or truncates {@code file}. */
    public static RankingsFile create(Path file) throws IOException {
        Objects.requireNonNull(file, "file");
        return new RankingsFile(Files.newBufferedWriter(file, StandardCharsets.UTF_8));
    }

    @Override
    public void accept(LocomoEvaluation.Ranking ranking) {
        JsonArrayBuilder evidence = Json.createArrayBuilder();
        ranking.evidence().stream().sorted().forEach(evidence::add);
        JsonArrayBuilder ranked = Json.createArrayBuilder();
        ranking.ranked().forEach(ranked::add);
        String line = Json.createObjectBuilder()
                .add("conversation", ranking.conversation())
                .add("question", ranking.question())
                .add("category", ranking.category())
                .add("mode", ranking.mode().configName())
                .add("evidence", evidence)
                .add("ranked", ranked)
                .build().toString();
        try {
            out.write(line);
            out.newLine();
        } catch (IOException e) {
            throw new UncheckedIOException("writing the rankings file failed", e);
        }
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
