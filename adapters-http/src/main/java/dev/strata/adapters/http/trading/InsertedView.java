package dev.strata.adapters.http.trading;

/** How many of the pushed rows were new; the others the mirror already held. */
record InsertedView(int inserted) {
}
