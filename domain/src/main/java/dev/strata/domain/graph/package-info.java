/**
 * Finance entities and typed memory edges: a deterministic, regex-only extractor
 * ({@link dev.strata.domain.graph.FinanceEntityExtractor}), the edges a memory's content implies
 * ({@link dev.strata.domain.graph.EdgeExtractor}) and the entity overlap that feeds the search
 * boost ({@link dev.strata.domain.graph.EntityOverlap}). No model is involved, so re-running the
 * extractor over stored rows is cheap and idempotent.
 */
package dev.strata.domain.graph;
