package dev.strata.domain.personalization;

import dev.strata.domain.error.InvalidInputException;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The ten behavioural tag dimensions of spec 04, with their allowed values exactly as the spec's
 * table gives them. Six are the v2 "User Portrait" set (machine value and label differ); the four
 * personality dimensions carry over from v1 unchanged: their stored name keeps its spaces and their
 * value equals their label. Declaration order is the order tags render in.
 *
 * <p>Callers go through {@link TagSchema}'s helpers rather than reading {@link #options()} directly.
 */
public enum TagDimension {

    FINANCE_KNOWLEDGE("finance_knowledge", false, true,
            o("level_1", "Beginner"), o("level_2", "Intermediate"), o("level_3", "Advanced"), o("level_4", "Expert")),
    FREQUENCY("frequency", false, false,
            o("passive", "Passive"), o("weekly", "Weekly"), o("daily", "Daily"), o("active", "Active")),
    MARKETS("markets", true, false,
            o("crypto_majors", "Crypto majors"), o("crypto_alts", "Crypto alts"), o("memes", "Memes"),
            o("stocks", "Stocks"), o("commodities", "Commodities"), o("pre_ipo", "Pre-IPO")),
    RISK("risk", false, true,
            o("conservative", "Conservative"), o("balanced", "Balanced"), o("aggressive", "Aggressive")),
    WEB3_KNOWLEDGE_LEVEL("web3_knowledge_level", false, true,
            o("level_1", "Novice"), o("level_2", "Familiar"), o("level_3", "Experienced"), o("level_4", "Pro")),
    STYLE("style", false, false,
            o("fundamentals", "Fundamentals"), o("technical", "Technical"), o("narrative", "Narrative"),
            o("news_event", "News & events"), o("community", "Community")),
    FOMO_INDEX("FOMO Index", false, false, same("Very Low", "Low", "Medium", "High", "Very High")),
    FUD_IMMUNITY("FUD Immunity", false, false, same("Strong", "Medium", "Weak")),
    PATIENCE_LEVEL("Patience Level", false, false, same("High", "Medium", "Low")),
    GREED_INDEX("Greed Index", false, false, same("Very Low", "Low", "Medium", "High", "Very High"));

    private final String storedName;
    private final boolean multiSelect;
    private final boolean core;
    private final List<TagOption> options;

    TagDimension(String storedName, boolean multiSelect, boolean core, TagOption... options) {
        this.storedName = storedName;
        this.multiSelect = multiSelect;
        this.core = core;
        this.options = List.of(options);
    }

    /** The name stored in {@code user_tags.dimension} and shown to the model, e.g. {@code FOMO Index}. */
    public String storedName() {
        return storedName;
    }

    /**
     * The URL-friendly form: the stored name in lower case with spaces as {@code _}
     * ({@code fomo_index}); the same as the stored name for the six v2 dimensions.
     */
    public String slug() {
        return storedName.toLowerCase(Locale.ROOT).replace(' ', '_');
    }

    /** True for {@link #MARKETS}: its value is a JSON array of machine values. */
    public boolean multiSelect() {
        return multiSelect;
    }

    /**
     * The always-inject core under intent gating (spec 04): finance_knowledge, web3_knowledge_level
     * and risk stay in the cached prefix; the others go to the per-turn block when a turn needs them.
     */
    public boolean core() {
        return core;
    }

    /** The allowed values in the spec's order. */
    public List<TagOption> options() {
        return options;
    }

    public Optional<TagOption> option(String value) {
        return options.stream().filter(o -> o.value().equals(value)).findFirst();
    }

    /** The machine values, as {@code a, b, c} for error messages. */
    public String allowedList() {
        return options.stream().map(TagOption::value).collect(Collectors.joining(", "));
    }

    /** The dimension stored under {@code stored}, if it is one of the ten (exact match). */
    public static Optional<TagDimension> fromStoredName(String stored) {
        return Arrays.stream(values()).filter(d -> d.storedName.equals(stored)).findFirst();
    }

    /**
     * The dimension a caller named: its stored name ({@code FOMO Index}) or its slug
     * ({@code fomo_index}), exactly. Anything else is refused naming the ten.
     */
    public static TagDimension parse(String raw) {
        if (raw != null) {
            for (TagDimension d : values()) {
                if (d.storedName.equals(raw) || d.slug().equals(raw)) {
                    return d;
                }
            }
        }
        throw new InvalidInputException("dimension", "must be one of " + Arrays.stream(values())
                .map(TagDimension::slug).collect(Collectors.joining(", ")));
    }

    private static TagOption o(String value, String label) {
        return new TagOption(value, label);
    }

    private static TagOption[] same(String... labels) {
        return Arrays.stream(labels).map(l -> new TagOption(l, l)).toArray(TagOption[]::new);
    }
}
