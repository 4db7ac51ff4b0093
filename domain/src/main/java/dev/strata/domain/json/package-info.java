/**
 * A small immutable JSON tree ({@link dev.strata.domain.json.JsonNode}) and the checkable shapes
 * structured output must fit ({@link dev.strata.domain.json.JsonShape}), so the domain reads JSON without a
 * framework. It is a data tree, not a model: the model ports live in {@code dev.strata.domain.languagemodel}.
 */
package dev.strata.domain.json;
