package dev.strata.domain.role;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The values a role's reflection prompt may name, written {@code {asset}}, {@code {decision}} and so on. */
public enum Placeholder {
    ASSET,
    DECISION,
    WINDOW,
    PNL,
    EVIDENCE,
    TYPE;

    /** The name inside the braces. */
    public String token() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Placeholder> fromToken(String token) {
        return Arrays.stream(values()).filter(p -> p.token().equals(token)).findFirst();
    }
}
