package dev.strata.domain.personalization;

import dev.strata.domain.error.InvalidInputException;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Plans the move of v1 tag rows to the v2 schema (spec 04, {@code migrate:user-tags-v2}). Pure: the
 * plan is computed from the rows as stored and applied by the store in one transaction, or only
 * printed (the default, a dry run).
 *
 * <ul>
 *   <li>Remapped: {@code Risk Profile} &rarr; {@code risk}, {@code Web3 Knowledge Level} &rarr;
 *       {@code web3_knowledge_level}, {@code Decision-Making Style} &rarr; {@code style},
 *       {@code Asset Preference} &rarr; {@code markets}. The value maps when it names an allowed value
 *       by machine value or label (any case, any punctuation) or by a synonym in {@link #SYNONYMS};
 *       {@code Asset Preference} may hold several, as a JSON array or separated by commas, {@code /},
 *       {@code ;} or {@code and}. A value that does not map is reported and its row left as it is, never
 *       coerced to a guess.</li>
 *   <li>Dropped: {@code Asset Tier} (capital is objective now), {@code Trading Frequency},
 *       {@code Learning Preference}.</li>
 *   <li>Untouched: the four personality dimensions and every v2 row.</li>
 *   <li>A remapped row meets an existing v2 row of the same dimension under {@link TagPrecedence}:
 *       a declared v1 value replaces an inferred v2 one; otherwise the v2 row stays and the v1 row goes.</li>
 *   <li>A v1 source other than {@code user} counts as {@code inferred}, the weaker claim.</li>
 * </ul>
 */
public final class LegacyTagMigration {

    /** v1 dimension name to its v2 dimension. */
    public static final Map<String, TagDimension> REMAPPED = Map.of(
            "Risk Profile", TagDimension.RISK,
            "Web3 Knowledge Level", TagDimension.WEB3_KNOWLEDGE_LEVEL,
            "Decision-Making Style", TagDimension.STYLE,
            "Asset Preference", TagDimension.MARKETS);

    /** v1 dimensions retired in v2. */
    public static final Set<String> DROPPED = Set.of("Asset Tier", "Trading Frequency", "Learning Preference");

    /** Extra v1 wordings per target dimension (normalised: lower case, words separated by one space). */
    public static final Map<TagDimension, Map<String, String>> SYNONYMS = Map.of(
            TagDimension.RISK, Map.of("low", "conservative", "moderate", "balanced", "medium", "balanced",
                    "high", "aggressive"),
            TagDimension.WEB3_KNOWLEDGE_LEVEL, Map.of("beginner", "level_1", "intermediate", "level_2",
                    "advanced", "level_3", "expert", "level_4"),
            TagDimension.STYLE, Map.of("fundamental", "fundamentals", "fundamental analysis", "fundamentals",
                    "technical analysis", "technical", "news", "news_event", "news event", "news events",
                    "social", "community"),
            TagDimension.MARKETS, Map.ofEntries(Map.entry("majors", "crypto_majors"), Map.entry("blue chips",
                    "crypto_majors"), Map.entry("alts", "crypto_alts"), Map.entry("altcoins", "crypto_alts"),
                    Map.entry("meme", "memes"), Map.entry("memecoins", "memes"), Map.entry("meme coins", "memes"),
                    Map.entry("equities", "stocks"), Map.entry("stock", "stocks"), Map.entry("commodity",
                            "commodities"), Map.entry("pre ipo", "pre_ipo")));

    private LegacyTagMigration() {
    }

    /** The plan for one tenant's rows. */
    public static Plan plan(List<StoredTagRow> rows) {
        Map<String, StoredTagRow> v2Rows = new HashMap<>();
        for (StoredTagRow row : rows) {
            TagDimension.fromStoredName(row.dimension()).ifPresent(d -> v2Rows.put(row.userId() + "\u0000" + d.name(), row));
        }
        List<Step> steps = new ArrayList<>();
        for (StoredTagRow row : rows) {
            if (DROPPED.contains(row.dimension())) {
                steps.add(new Step(Action.DROP, row, Optional.empty(), "retired dimension"));
            } else if (REMAPPED.containsKey(row.dimension())) {
                steps.add(remap(row, REMAPPED.get(row.dimension()), v2Rows));
            } else if (TagDimension.fromStoredName(row.dimension()).isEmpty()) {
                steps.add(new Step(Action.LEAVE, row, Optional.empty(), "unknown dimension: left as it is"));
            }
        }
        return new Plan(steps);
    }

    private static Step remap(StoredTagRow row, TagDimension target, Map<String, StoredTagRow> v2Rows) {
        UserId user;
        try {
            user = UserId.of(row.userId());
        } catch (InvalidInputException e) {
            return new Step(Action.LEAVE, row, Optional.empty(), "user id is not valid: left as it is");
        }
        Optional<TagValue> value = mapValue(target, row.value());
        if (value.isEmpty()) {
            return new Step(Action.LEAVE, row, Optional.empty(), "value does not map to " + target.slug()
                    + " (one of " + target.allowedList() + "): left as it is");
        }
        TagSource source = "user".equals(row.source()) ? TagSource.USER : TagSource.INFERRED;
        Optional<UserTag> existing = Optional.ofNullable(v2Rows.get(row.userId() + "\u0000" + target.name()))
                .flatMap(v2 -> TagSchema.parseStoredTagValue(target, v2.value())
                        .map(v -> new UserTag(user, v, "user".equals(v2.source()) ? TagSource.USER : TagSource.INFERRED,
                                v2.updatedAt())));
        TagPrecedence.Decision decision = TagPrecedence.decide(existing, user, value.get(), source, row.updatedAt());
        if (!decision.write()) {
            return new Step(Action.DROP, row, Optional.empty(), "the " + target.slug() + " row already there is kept ("
                    + decision.keptBecause().orElseThrow() + ")");
        }
        return new Step(Action.REMAP, row, Optional.of(decision.tag()), "to " + target.slug() + " = "
                + TagSchema.serializeTagValue(value.get()));
    }

    /** The v2 value a v1 text names, or empty when any part of it names none. */
    static Optional<TagValue> mapValue(TagDimension target, String raw) {
        List<String> parts = target.multiSelect() ? parts(raw) : List.of(raw);
        Set<String> values = new LinkedHashSet<>();
        for (String part : parts) {
            Optional<String> v = mapOne(target, part);
            if (v.isEmpty()) {
                return Optional.empty();
            }
            values.add(v.get());
        }
        if (values.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new TagValue(target, List.copyOf(values)));
    }

    private static Optional<String> mapOne(TagDimension target, String raw) {
        String n = normalise(raw);
        for (TagOption o : target.options()) {
            if (normalise(o.value()).equals(n) || normalise(o.label()).equals(n)) {
                return Optional.of(o.value());
            }
        }
        return Optional.ofNullable(SYNONYMS.getOrDefault(target, Map.of()).get(n));
    }

    private static List<String> parts(String raw) {
        Optional<List<String>> array = TagSchema.jsonStringArray(raw);
        if (array.isPresent()) {
            return array.get();
        }
        List<String> out = new ArrayList<>();
        for (String p : raw.split("\\s*(?:[,;/]|\\band\\b)\\s*")) {
            if (!p.isBlank()) {
                out.add(p);
            }
        }
        return out;
    }

    /** Lower case, every run of non-letters-or-digits one space, trimmed. */
    static String normalise(String s) {
        return s.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", " ").strip();
    }

    /** What happens to one stored row. */
    public enum Action {
        /** Deleted and written again under its v2 dimension. */
        REMAP,
        /** Deleted. */
        DROP,
        /** Left as it is, with the reason in the note. */
        LEAVE
    }

    /** One row's fate. */
    public record Step(Action action, StoredTagRow row, Optional<UserTag> write, String note) {
    }

    /** The whole plan: what to delete, what to write, and every step for the report. */
    public record Plan(List<Step> steps) {

        public Plan {
            steps = List.copyOf(steps);
        }

        public List<StoredTagRow> remove() {
            return steps.stream().filter(s -> s.action() != Action.LEAVE).map(Step::row).toList();
        }

        public List<UserTag> write() {
            return steps.stream().flatMap(s -> s.write().stream()).toList();
        }

        public boolean isEmpty() {
            return remove().isEmpty();
        }

        public long count(Action action) {
            return steps.stream().filter(s -> s.action() == action).count();
        }
    }
}
