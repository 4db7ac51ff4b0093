/**
 * The off-agent trade mirror over REST ({@link dev.strata.adapters.http.trading.TradingHttpService}):
 * pushed fills and spot activities, the sync state, the trading profile, recent trades of one
 * asset, and the forced profile refresh.
 */
package dev.strata.adapters.http.trading;
