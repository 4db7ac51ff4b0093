/**
 * Finance entities and typed memory edges: a deterministic, regex-only extractor
 * ({@link dev.strata.domain.entity.FinanceEntityExtractor}), the edges a memory's content implies
 * ({@link dev.strata.domain.entity.EdgeExtractor}) and the entity overlap that feeds the search
 * boost ({@link dev.strata.domain.entity.EntityOverlap}). No model is involved, so re-running the
 * extractor over stored rows is cheap and idempotent.
 */
package dev.strata.domain.entity;
