package dev.strata.domain.personalization;

/**
 * The three visibility flags of the profile row: each hides one part of the personalization block
 * without deleting it. All on by default.
 */
public record Visibility(boolean includeMemories, boolean includeTradingSummary, boolean includeTags) {

    public static final Visibility ALL = new Visibility(true, true, true);
}
