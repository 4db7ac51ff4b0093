package dev.strata.bootstrap.bench;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The hybrid benchmark's reusable corpus databases, one folder per {@link Key} under the work directory.
 * Embedding 100k memories takes minutes; reading them back takes seconds. A corpus is reused only when its
 * manifest names the same size, tenants, seed, number of distinct texts, embedding model and corpus format as asked, and says the build
 * finished: a build that was interrupted, or one made with another model or generator, is never measured.
 *
 * <p>The manifest is written last, after the database is closed, and by an atomic rename, so its presence
 * means the folder holds a whole corpus.
 */
final class CorpusCache {

    /** Bump when {@link SyntheticMemories} or the way the corpus is written changes: older corpora are stale. */
    static final int FORMAT = 1;
    static final String MANIFEST = "corpus.properties";

    /**
     * What a corpus is made of.
     *
     * @param model the embedding model's identity (provider, model, dimension or endpoint): vectors of
     *              another model are not comparable
     */
    record Key(int n, int tenants, long seed, int distinctTexts, String model) {

        Key {
            if (n <= 0 || tenants <= 0 || tenants > n) {
                throw new IllegalArgumentException("a corpus needs n > 0 and 1..n tenants, was n=" + n + ", tenants="
                        + tenants);
            }
            if (distinctTexts <= 0 || distinctTexts > n) {
                throw new IllegalArgumentException("a corpus draws from 1..n distinct texts, was " + distinctTexts);
            }
            Objects.requireNonNull(model, "model");
            if (model.isBlank()) {
                throw new IllegalArgumentException("a corpus needs its embedding model named");
            }
        }

        /** A readable folder name; the manifest, not the name, decides whether the folder is reused. */
        String folder() {
            String safeModel = model.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._-]+", "_");
            if (safeModel.length() > 60) {
                safeModel = safeModel.substring(0, 60) + "-" + Integer.toHexString(model.hashCode());
            }
            return "corpus-n" + n + "-t" + tenants + "-s" + seed + "-d" + distinctTexts + "-" + safeModel + "-v" + FORMAT;
        }

        private Properties properties() {
            Properties p = new Properties();
            p.setProperty("n", Integer.toString(n));
            p.setProperty("tenants", Integer.toString(tenants));
            p.setProperty("seed", Long.toString(seed));
            p.setProperty("distinct_texts", Integer.toString(distinctTexts));
            p.setProperty("model", model);
            p.setProperty("format", Integer.toString(FORMAT));
            return p;
        }
    }

    /** What the build of a reusable corpus left: how long it took and how many chunk vectors it stored. */
    record Manifest(double buildSeconds, long vectors) {
    }

    private final Path root;

    CorpusCache(Path root) {
        this.root = Objects.requireNonNull(root, "root");
    }

    Path dir(Key key) {
        return root.resolve(key.folder());
    }

    /** The finished corpus of exactly {@code key}, or empty when there is none (absent, unfinished or stale). */
    Optional<Manifest> reusable(Key key) {
        Path manifest = dir(key).resolve(MANIFEST);
        if (!Files.isRegularFile(manifest)) {
            return Optional.empty();
        }
        Properties stored = new Properties();
        try (Reader in = Files.newBufferedReader(manifest, StandardCharsets.UTF_8)) {
            stored.load(in);
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        }
        for (String name : key.properties().stringPropertyNames()) {
            if (!key.properties().getProperty(name).equals(stored.getProperty(name))) {
                return Optional.empty();
            }
        }
        String database = stored.getProperty("database", "");
        if (database.isEmpty() || !Files.isRegularFile(dir(key).resolve(database))) {
            return Optional.empty();
        }
        try {
            return Optional.of(new Manifest(Double.parseDouble(stored.getProperty("build_seconds", "")),
                    Long.parseLong(stored.getProperty("vectors", ""))));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** An empty folder for building {@code key}'s corpus: whatever an earlier, unfinished build left goes first. */
    Path prepare(Key key) throws IOException {
        Path dir = dir(key);
        deleteTree(dir);
        return Files.createDirectories(dir);
    }

    /** Marks {@code key}'s corpus finished, its database being {@code database} (a file in its folder). */
    void complete(Key key, Path database, Manifest built) throws IOException {
        Path dir = dir(key);
        if (!database.toAbsolutePath().getParent().equals(dir.toAbsolutePath()) || !Files.isRegularFile(database)) {
            throw new IllegalArgumentException("the corpus database must be a file in " + dir + ", was " + database);
        }
        Properties p = key.properties();
        p.setProperty("database", database.getFileName().toString());
        p.setProperty("build_seconds", Double.toString(built.buildSeconds()));
        p.setProperty("vectors", Long.toString(built.vectors()));
        Path partial = dir.resolve(MANIFEST + ".partial");
        try (Writer out = Files.newBufferedWriter(partial, StandardCharsets.UTF_8)) {
            p.store(out, "strata bench: a finished hybrid-search corpus");
        }
        Files.move(partial, dir.resolve(MANIFEST), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
