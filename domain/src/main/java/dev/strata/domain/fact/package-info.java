/**
 * The general fact layer of spec 01: durable statements an agent records, settled by consolidation
 * into one active fact per statement. Facts move pending → active → retired and are never deleted;
 * {@link dev.strata.domain.fact.FactNormalizer} defines when two statements are the same, and
 * {@link dev.strata.domain.fact.ConsolidationRules} are the invariants no model answer or operator
 * guidance can override.
 */
package dev.strata.domain.fact;
