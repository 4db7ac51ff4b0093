package dev.strata.domain.trading;

import java.util.Objects;

/**
 * A perps sub-account (sub-wallet) id. {@link #NONE}, the empty id, is the key of sources that
 * have no sub-accounts (spot activities), as in the spec's {@code ('spot_activities', '')} row.
 */
public record SubAccountId(String value) {

    public static final SubAccountId NONE = new SubAccountId("");

    public SubAccountId {
        Objects.requireNonNull(value, "value");
        if (!value.isEmpty()) {
            value = Text.token("sub_account_id", value, 128);
        }
    }

    public static SubAccountId of(String value) {
        return new SubAccountId(value == null ? null : value.strip());
    }

    public boolean isNone() {
        return value.isEmpty();
    }

    @Override
    public String toString() {
        return value;
    }
}
