/**
 * Chat model clients implementing {@link dev.strata.domain.languagemodel.LanguageModel} over the real wire
 * protocols (OpenAI-compatible Chat Completions, Anthropic Messages) with JDK HTTP and JSON-P:
 * timeouts, retries honouring {@code Retry-After}, a circuit breaker, and structured output that
 * is extracted, validated and repaired once before it fails as a typed error.
 */
package dev.strata.adapters.llm.chat;
