package dev.strata.architecture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The top-level types declared in the reactor's source trees, read from the file names.
 *
 * <p>The tests use it to check the import against what the modules actually declare: every main
 * type must be imported and no test type may be. A module without sources contributes nothing.
 */
final class ReactorSources {

    private final Path reactorRoot;

    private ReactorSources(Path reactorRoot) {
        this.reactorRoot = reactorRoot;
    }

    /** Surefire runs in the module's directory; the reactor root is the nearest ancestor listing the modules. */
    static ReactorSources locate() {
        Path start = Path.of("").toAbsolutePath();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("pom.xml")) && Files.isDirectory(dir.resolve("domain"))
                    && Files.isDirectory(dir.resolve("architecture-tests"))) {
                return new ReactorSources(dir);
            }
        }
        throw new IllegalStateException("no Strata reactor root above " + start);
    }

    Set<String> mainTypes() {
        return typesUnder("src/main/java");
    }

    Set<String> testTypes() {
        return typesUnder("src/test/java");
    }

    /** The main types of each module that declares any, by module directory, e.g. {@code adapters-sqlite}. */
    Map<String, Set<String>> mainTypesByModule() {
        Map<String, Set<String>> byModule = new TreeMap<>();
        for (Path module : modules()) {
            Set<String> types = typesIn(module.resolve("src/main/java"));
            if (!types.isEmpty()) {
                byModule.put(module.getFileName().toString(), types);
            }
        }
        return byModule;
    }

    private Set<String> typesUnder(String sourceTree) {
        Set<String> types = new TreeSet<>();
        for (Path module : modules()) {
            types.addAll(typesIn(module.resolve(sourceTree)));
        }
        return types;
    }

    private List<Path> modules() {
        try (Stream<Path> children = Files.list(reactorRoot)) {
            return children.filter(dir -> Files.isRegularFile(dir.resolve("pom.xml"))).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Set<String> typesIn(Path sourceRoot) {
        if (!Files.isDirectory(sourceRoot)) {
            return Set.of();
        }
        try (Stream<Path> files = Files.walk(sourceRoot)) {
            return files.filter(file -> file.toString().endsWith(".java"))
                    .map(file -> typeName(sourceRoot, file))
                    .flatMap(Optional::stream)
                    .collect(TreeSet::new, Set::add, Set::addAll);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Optional<String> typeName(Path sourceRoot, Path file) {
        String relative = sourceRoot.relativize(file).toString().replace(file.getFileSystem().getSeparator(), ".");
        String name = relative.substring(0, relative.length() - ".java".length());
        if (name.endsWith("package-info") || name.endsWith("module-info")) {
            return Optional.empty();
        }
        return Optional.of(name);
    }
}
