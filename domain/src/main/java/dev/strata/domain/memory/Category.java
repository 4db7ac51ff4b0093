package dev.strata.domain.memory;

import dev.strata.domain.error.InvalidInputException;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What kind of memory a row is. One vocabulary for both views of the table: spec 01's categories
 * (preference, observation, ...) and spec 02's types (identity, lesson, decision, ...). Aliases are
 * resolved at write time so the stored value is always canonical; categories outside the vocabulary
 * are allowed when they are slugs, because the column is free-form by design.
 */
public record Category(String value) {

    // Declared before the constants below: static initialisers run in text order.
    private static final Pattern SLUG = Pattern.compile("[a-z][a-z0-9_]{0,39}");
    private static final Set<String> ALIAS_NAMES = Set.of("core", "self", "warning", "insight", "learning",
            "commitment", "choice", "active", "background", "pointer", "link", "archive", "past");

    public static final Category PREFERENCE = new Category("preference");
    public static final Category OBSERVATION = new Category("observation");
    public static final Category TRADE_OUTCOME = new Category("trade_outcome");
    public static final Category LESSON = new Category("lesson");
    public static final Category PERSONALIZATION = new Category("personalization");
    public static final Category ALERT = new Category("alert");
    public static final Category REFERENCE = new Category("reference");
    public static final Category FACT = new Category("fact");
    public static final Category IDENTITY = new Category("identity");
    public static final Category DECISION = new Category("decision");
    public static final Category CONTEXT = new Category("context");
    public static final Category HISTORICAL = new Category("historical");

    /** The documented vocabulary (spec 01 categories plus spec 02 types). */
    public static final Set<Category> KNOWN = Set.of(PREFERENCE, OBSERVATION, TRADE_OUTCOME, LESSON,
            PERSONALIZATION, ALERT, REFERENCE, FACT, IDENTITY, DECISION, CONTEXT, HISTORICAL);

    /** Spec 02's mandatory aliases, mapped to canonical types. */
    public static final Map<String, Category> ALIASES = Map.ofEntries(
            Map.entry("core", IDENTITY), Map.entry("self", IDENTITY),
            Map.entry("warning", LESSON), Map.entry("insight", LESSON), Map.entry("learning", LESSON),
            Map.entry("commitment", DECISION), Map.entry("choice", DECISION),
            Map.entry("active", CONTEXT), Map.entry("background", CONTEXT),
            Map.entry("pointer", REFERENCE), Map.entry("link", REFERENCE),
            Map.entry("archive", HISTORICAL), Map.entry("past", HISTORICAL));

    public Category {
        if (value == null || !SLUG.matcher(value).matches()) {
            throw new InvalidInputException("category",
                    "must be a slug of 1-40 characters: lower-case letters, digits or '_', starting with a letter");
        }
        if (ALIAS_NAMES.contains(value)) {
            throw new InvalidInputException("category", "'" + value + "' is an alias; use Category.resolve");
        }
    }

    /** Resolves user input (any case, surrounding blanks, aliases) to the canonical category. */
    public static Category resolve(String raw) {
        if (raw == null || raw.isBlank()) {
            throw new InvalidInputException("category", "is required");
        }
        String normalised = raw.strip().toLowerCase(Locale.ROOT);
        Category alias = ALIASES.get(normalised);
        return alias != null ? alias : new Category(normalised);
    }

    public boolean isKnown() {
        return KNOWN.contains(this);
    }

    @Override
    public String toString() {
        return value;
    }
}
