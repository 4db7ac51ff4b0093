package dev.strata.application.export;

import dev.strata.domain.memory.Tenant;

/** The compiled page of an asset, as {@code GET /v1/compiled/{asset}} renders it (the learning area's). */
@FunctionalInterface
public interface AssetPages {

    /**
     * @throws dev.strata.domain.error.DomainException when pages are disabled or the asset is not one a page
     *                                                 can be about; the export then leaves the page out
     */
    String page(Tenant tenant, String asset, boolean includeHardConstraints);
}
