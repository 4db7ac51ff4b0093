/**
 * The language-model ports (chat, structured output, embeddings) and what a call costs: prices,
 * the spend ledger and the daily budget policy. Adapters implement the ports; nothing here talks to a provider.
 */
package dev.strata.domain.languagemodel;
