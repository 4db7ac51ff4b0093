/**
 * spec 04's three rebuild flows (memories from chat, the three-source trading summary, the tags)
 * and the markets updater: one service, independent methods, each gated by its own cooldown and
 * moving its data cursors only after its result is stored. One switch turns all of them off; with
 * no model the model-backed flows are no-ops that say so.
 */
package dev.strata.application.personalization.rebuild;
