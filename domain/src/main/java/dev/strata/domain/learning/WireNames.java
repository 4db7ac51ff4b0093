package dev.strata.domain.learning;

import dev.strata.domain.error.InvalidInputException;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Parsing of the loop's closed vocabularies: wire names are lower-case snake case, errors name the field. */
final class WireNames {

    private WireNames() {
    }

    static String of(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }

    static <E extends Enum<E>> E parse(Class<E> type, String field, String raw, Function<E, String> wire) {
        if (raw != null) {
            String wanted = raw.strip().toLowerCase(Locale.ROOT);
            for (E value : type.getEnumConstants()) {
                if (wire.apply(value).equals(wanted)) {
                    return value;
                }
            }
        }
        throw new InvalidInputException(field, "must be one of " + Arrays.stream(type.getEnumConstants())
                .map(wire).collect(Collectors.joining(", ")));
    }
}
