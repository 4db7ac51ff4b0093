package dev.strata.domain.role;

import dev.strata.domain.error.InvalidInputException;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Evidence gathered after the fact for the reflector: the decision's source fetched again
 * ({@code refetch_source}: "was the answer already in the data we had?") or a news or on-chain
 * snapshot of what happened meanwhile. {@code source} names the evidence source that answers it
 * (an HTTP callback or an embedder's implementation); {@code paramMapper} renames entry fields
 * into the source's parameters, as the spec's {@code "asset→symbol"}.
 */
public record PostHocProbe(Kind kind, String source, Map<String, String> paramMapper) {

    public enum Kind {
        REFETCH_SOURCE,
        NEWS,
        ONCHAIN;

        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Optional<Kind> fromWireName(String name) {
            return Arrays.stream(values()).filter(k -> k.wireName().equals(name)).findFirst();
        }
    }

    private static final Pattern FIELD = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,63}");

    public PostHocProbe {
        Objects.requireNonNull(kind, "kind");
        if (source == null || !OutcomeProbeSpec.PROBE_ID.matcher(source).matches()) {
            throw new InvalidInputException("source", "must be a lower-case id (letters, digits, '_', '.', '-', "
                    + "starting with a letter, at most 64): " + source);
        }
        Objects.requireNonNull(paramMapper, "paramMapper");
        paramMapper.forEach((from, to) -> {
            if (!FIELD.matcher(from).matches() || !FIELD.matcher(to).matches()) {
                throw new InvalidInputException("paramMapper", "maps field names (letters, digits, '_'): "
                        + from + "->" + to);
            }
        });
        paramMapper = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(paramMapper));
    }

    /** Parses {@code "asset->symbol, window->range"} (the arrow may also be {@code →}). */
    public static Map<String, String> parseMapper(String text) {
        Map<String, String> mapped = new LinkedHashMap<>();
        if (text == null || text.isBlank()) {
            return mapped;
        }
        for (String pair : text.split(",")) {
            String[] sides = pair.strip().split("->|→", -1);
            if (sides.length != 2 || sides[0].isBlank() || sides[1].isBlank()) {
                throw new InvalidInputException("paramMapper", "must be 'field->param' pairs separated by commas: "
                        + pair.strip());
            }
            if (mapped.put(sides[0].strip(), sides[1].strip()) != null) {
                throw new InvalidInputException("paramMapper", "maps " + sides[0].strip() + " twice");
            }
        }
        return mapped;
    }
}
