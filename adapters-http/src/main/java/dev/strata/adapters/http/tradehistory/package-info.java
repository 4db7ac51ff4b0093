/**
 * The outbound side of the trade mirror: {@link dev.strata.adapters.http.tradehistory.HttpTradeHistorySource}
 * pulls a user's off-agent fills and spot activities from a configurable history API, page by page.
 */
package dev.strata.adapters.http.tradehistory;
