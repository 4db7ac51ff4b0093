package dev.strata.adapters.http.fact;

import java.util.List;

/** {@code GET /v1/facts}: the facts, and whether a model consolidates them. */
record FactsView(List<FactView> facts, boolean llmConsolidation) {
}
