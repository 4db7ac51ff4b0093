package dev.strata.application.export;

import java.util.List;

/**
 * What an import did (or, dry, would do) per file it considered.
 *
 * @param signedBundle the bundle's {@code signature.txt} named this instance and its {@code index.md} verified
 *                     for the target tenant (channel A is possible at all)
 * @param ignored      files that are not imported (index, banner, trade cases, asset pages, unknown paths)
 */
public record ImportReport(boolean signedBundle, List<FileResult> files, int ignored) {

    public ImportReport {
        files = List.copyOf(files);
    }

    /** {@code A} (signed, verified) or {@code B} (unsigned or failed verification). */
    public enum Channel { A, B }

    /**
     * @param outcome restored, created, matched, activated, proposed or rejected (with {@code would } when dry)
     */
    public record FileResult(String path, Channel channel, String outcome, String detail) {
    }

    public long count(String outcome) {
        return files.stream().filter(f -> f.outcome().equals(outcome) || f.outcome().equals("would " + outcome)).count();
    }
}
