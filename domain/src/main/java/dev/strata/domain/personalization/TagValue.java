package dev.strata.domain.personalization;

import dev.strata.domain.error.InvalidInputException;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A valid value of one tag dimension: exactly one machine value, or for the multi-select
 * {@link TagDimension#MARKETS} one or more, kept in the schema's order without repeats (so equal
 * selections serialise to equal text). Built only from allowed values: there is no way to hold a
 * value the schema does not list, and nothing is ever coerced into one.
 */
public record TagValue(TagDimension dimension, List<String> values) {

    public TagValue {
        Objects.requireNonNull(dimension, "dimension");
        values = canonical(dimension, values, dimension.slug());
    }

    /** A single-value dimension's value, refused (naming {@code field}) when the schema does not allow it. */
    public static TagValue single(TagDimension dimension, String value, String field) {
        if (dimension.multiSelect()) {
            throw new InvalidInputException(field, dimension.slug() + " is multi-select: give a list of "
                    + dimension.allowedList());
        }
        return new TagValue(dimension, checked(dimension, value == null ? List.of() : List.of(value), field));
    }

    /** A multi-select value, refused (naming {@code field}) when empty or holding a value the schema does not allow. */
    public static TagValue multi(TagDimension dimension, List<String> values, String field) {
        if (!dimension.multiSelect()) {
            throw new InvalidInputException(field, dimension.slug() + " takes one value, one of "
                    + dimension.allowedList());
        }
        return new TagValue(dimension, checked(dimension, values, field));
    }

    /** The first (for single-value dimensions, the only) machine value. */
    public String first() {
        return values.get(0);
    }

    /** The human labels, comma-separated ({@code Crypto majors, Memes}). */
    public String labels() {
        return values.stream().map(v -> dimension.option(v).orElseThrow().label()).collect(Collectors.joining(", "));
    }

    /** This selection plus {@code other}'s (multi-select only): never removes a value. */
    public TagValue union(TagValue other) {
        if (other.dimension != dimension || !dimension.multiSelect()) {
            throw new IllegalArgumentException("only values of the multi-select dimension unite");
        }
        Set<String> all = new LinkedHashSet<>(values);
        all.addAll(other.values);
        return new TagValue(dimension, List.copyOf(all));
    }

    /** True when every value of {@code other} is already here. */
    public boolean includes(TagValue other) {
        return other.dimension == dimension && values.containsAll(other.values);
    }

    private static List<String> checked(TagDimension dimension, List<String> values, String field) {
        try {
            return canonical(dimension, values, field);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException(field, "must be one of " + dimension.allowedList()
                    + (dimension.multiSelect() ? " (a non-empty list)" : "") + " for dimension " + dimension.slug());
        }
    }

    /** Schema order, no repeats; an unknown, missing or (for single dimensions) extra value is refused. */
    private static List<String> canonical(TagDimension dimension, List<String> values, String field) {
        if (values == null || values.isEmpty() || values.stream().anyMatch(Objects::isNull)) {
            throw new IllegalArgumentException(field + ": no value");
        }
        Set<String> given = new LinkedHashSet<>(values);
        for (String v : given) {
            if (dimension.option(v).isEmpty()) {
                throw new IllegalArgumentException(field + ": not an allowed value");
            }
        }
        if (!dimension.multiSelect() && given.size() != 1) {
            throw new IllegalArgumentException(field + ": takes one value");
        }
        return dimension.options().stream().map(TagOption::value).filter(given::contains).toList();
    }
}
