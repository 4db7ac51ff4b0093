package dev.strata.domain.vault;

import java.util.Map;
import java.util.TreeMap;

/**
 * What a {@link StoredTextRedaction} rewrote: rows per table (never the text itself).
 *
 * @param rowsByTable how many rows of each table held a secret and were rewritten
 */
public record RedactionReport(Map<String, Integer> rowsByTable) {

    public static final RedactionReport NONE = new RedactionReport(Map.of());

    public RedactionReport {
        rowsByTable = Map.copyOf(new TreeMap<>(rowsByTable));
    }

    public int total() {
        return rowsByTable.values().stream().mapToInt(Integer::intValue).sum();
    }

    @Override
    public String toString() {
        return new TreeMap<>(rowsByTable).toString();
    }
}
