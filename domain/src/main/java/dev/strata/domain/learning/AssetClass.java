package dev.strata.domain.learning;

import java.util.Set;

/**
 * spec 01's asset-class taxonomy: the crypto classes ({@code crypto_major}, {@code crypto_alt},
 * {@code crypto_meme}, {@code stablecoin}, {@code perps}) plus {@code stocks}, {@code forex},
 * {@code commodities} and {@code pre_ipo}. One enum, parsed at every boundary it enters by.
 */
public enum AssetClass {
    CRYPTO_MAJOR, CRYPTO_ALT, CRYPTO_MEME, STABLECOIN, PERPS, STOCKS, FOREX, COMMODITIES, PRE_IPO;

    private static final Set<AssetClass> CRYPTO_SPOT = Set.of(CRYPTO_MAJOR, CRYPTO_ALT, CRYPTO_MEME);

    public String wireName() {
        return WireNames.of(this);
    }

    /** @param field the input field named in the error, e.g. {@code asset_class} or {@code methodologies[2].asset_class} */
    public static AssetClass parse(String field, String raw) {
        return WireNames.parse(AssetClass.class, field, raw, AssetClass::wireName);
    }

    /**
     * Whether a methodology or trade of this class applies to an asset classified as {@code asset}:
     * the same class, or perpetual futures on any non-stable crypto asset (a BTC perp is about BTC).
     */
    public boolean covers(AssetClass asset) {
        return this == asset || (this == PERPS && CRYPTO_SPOT.contains(asset));
    }
}
