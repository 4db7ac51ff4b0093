/** Model clients: chat (OpenAI-compatible, Anthropic) and embeddings, implementing the ports of {@code dev.strata.domain.languagemodel}. */
package dev.strata.adapters.llm;
