/**
 * The fact layer's use cases: {@link dev.strata.application.fact.GeneralFactService} records facts
 * and drains them, {@link dev.strata.application.fact.FactConsolidator} asks the model about the
 * ones exact matching cannot settle, and {@link dev.strata.application.fact.FactSweeper} debounces
 * the background sweep so recording never waits.
 */
package dev.strata.application.fact;
