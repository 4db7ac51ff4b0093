/**
 * Fusion and re-ranking of search results, as pure functions: Reciprocal Rank Fusion over the
 * keyword and vector arms, the entity-overlap boost, optional temporal decay and MMR, composed by
 * {@link dev.strata.domain.retrieval.HybridRanker}. The store runs the arms; this package only
 * orders what they return.
 */
package dev.strata.domain.retrieval;
