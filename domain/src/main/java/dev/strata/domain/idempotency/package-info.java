/**
 * Safe retries of writes (issue 13 "A 5xx means not written; retries are safe"): a client names a
 * write with an {@link dev.strata.domain.idempotency.IdempotencyKey}; the first answer to a write
 * under a key is kept for 24 hours and given again to a retry of the same request, which writes
 * nothing. Front ends (REST, tools, MCP) share one service in the application layer.
 */
package dev.strata.domain.idempotency;
