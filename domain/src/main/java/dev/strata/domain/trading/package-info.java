/**
 * The off-agent trade mirror (spec 01 "Off-agent trade history mirror tables"): perps fills and
 * spot activities the user made outside the agent (web, mobile, by hand), the per-(source,
 * sub-account) sync watermarks that fill them, and the 30-day trading profile read from them.
 * Nothing here is ever attributed to a methodology: external fills carry no methodology ids or
 * hint hashes, so the learning loop's statistics never see them.
 */
package dev.strata.domain.trading;
