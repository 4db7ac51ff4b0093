package dev.strata.application.export;

import java.util.List;
import java.util.Optional;

/**
 * What an export produced: its files in writing order ({@code index.md} first, {@code signature.txt}
 * last when signed) and the counts the CLI prints.
 *
 * @param leftOutConstraints active hard constraints not exported (0 with {@code --include-constraints})
 * @param instanceId         the instance key's fingerprint, in every file's frontmatter
 */
public record ExportBundle(List<ExportFile> files, int methodologies, int preferences, int leftOutConstraints,
                           int tradeCases, int assets, String instanceId) {

    public ExportBundle {
        files = List.copyOf(files);
    }

    public Optional<ExportFile> file(String path) {
        return files.stream().filter(f -> f.path().equals(path)).findFirst();
    }
}
