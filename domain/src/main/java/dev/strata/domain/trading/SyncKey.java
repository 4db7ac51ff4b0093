package dev.strata.domain.trading;

import java.util.Objects;

/**
 * The key of one sync watermark: perps fills per sub-account, spot activities once (empty
 * sub-account), so one sub-account's failure never touches a sibling's or the spot cursor.
 */
public record SyncKey(SyncSource source, SubAccountId subAccount) {

    public SyncKey {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(subAccount, "subAccount");
        if (source == SyncSource.SPOT_ACTIVITIES && !subAccount.isNone()) {
            throw new IllegalArgumentException("spot activities have no sub-account");
        }
        if (source == SyncSource.PERPS_FILLS && subAccount.isNone()) {
            throw new IllegalArgumentException("perps fills are synced per sub-account");
        }
    }

    public static SyncKey perps(SubAccountId subAccount) {
        return new SyncKey(SyncSource.PERPS_FILLS, subAccount);
    }

    public static SyncKey spot() {
        return new SyncKey(SyncSource.SPOT_ACTIVITIES, SubAccountId.NONE);
    }

    @Override
    public String toString() {
        return source.wireName() + (subAccount.isNone() ? "" : "/" + subAccount.value());
    }
}
