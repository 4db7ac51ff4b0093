package dev.strata.domain.personalization;

import dev.strata.domain.error.InvalidInputException;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The user a personalization row belongs to, inside its tenant (spec 04: "Everything is keyed by
 * user_id, defaults to 'default' for single-user deployments"). A slug that also fits inside a
 * memory key ({@code onboarding:<user>:<dimension>}), so it can never carry SQL, paths or markup.
 */
public record UserId(String value) {

    public static final Pattern PATTERN = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}");

    public static final UserId DEFAULT = new UserId("default");

    public UserId {
        if (value == null || !PATTERN.matcher(value).matches()) {
            throw new InvalidInputException("user_id", "must be 1-64 characters: letters, digits, '_', '.', ':' or"
                    + " '-', starting with a letter or digit");
        }
    }

    public static UserId of(String value) {
        return new UserId(value);
    }

    /** The given user, or {@link #DEFAULT} when none was named. */
    public static UserId orDefault(Optional<String> raw) {
        return raw.map(UserId::new).orElse(DEFAULT);
    }

    public boolean isDefault() {
        return equals(DEFAULT);
    }

    @Override
    public String toString() {
        return value;
    }
}
