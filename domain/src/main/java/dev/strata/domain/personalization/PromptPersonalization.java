package dev.strata.domain.personalization;

import dev.strata.domain.safety.InjectionFinding;
import dev.strata.domain.safety.PromptInjectionScanner;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What the database sub-layer puts into the personalization block, with the visibility flags
 * already applied: the trading summary (hidden by {@code include_trading_summary}), the tags
 * declared-first (hidden by {@code include_tags}), the recent personalization memories newest first
 * (hidden by {@code include_memories}) and {@code custom_prompt} (always, when set).
 */
public record PromptPersonalization(Optional<String> platformWalletSummary, Optional<String> referenceWalletsSummary,
                                    List<UserTag> tags, List<String> memories, Optional<String> customPrompt) {

    public static final PromptPersonalization NONE = new PromptPersonalization(Optional.empty(), Optional.empty(),
            List.of(), List.of(), Optional.empty());

    private static final PromptInjectionScanner SCANNER = new PromptInjectionScanner();

    public PromptPersonalization {
        Objects.requireNonNull(platformWalletSummary, "platformWalletSummary");
        Objects.requireNonNull(referenceWalletsSummary, "referenceWalletsSummary");
        tags = TagPrecedence.ordered(List.copyOf(tags));
        memories = List.copyOf(memories);
        Objects.requireNonNull(customPrompt, "customPrompt");
    }

    /** The block's inputs for a profile row, its tags and its recent personalization memories' contents. */
    public static PromptPersonalization of(FinancialProfile profile, List<UserTag> tags, List<String> memories) {
        Visibility v = profile.visibility();
        return new PromptPersonalization(
                v.includeTradingSummary() ? profile.platformWalletSummary() : Optional.empty(),
                v.includeTradingSummary() ? profile.referenceWalletsSummary() : Optional.empty(),
                v.includeTags() ? tags : List.of(),
                v.includeMemories() ? memories : List.of(),
                profile.customPrompt());
    }

    /** The always-inject tags under intent gating (finance_knowledge, web3_knowledge_level, risk). */
    public List<UserTag> coreTags() {
        return tags.stream().filter(t -> t.dimension().core()).toList();
    }

    /** The non-core tags among {@code selected}, in display order. */
    public List<UserTag> extraTags(Set<TagDimension> selected) {
        return tags.stream().filter(t -> !t.dimension().core() && selected.contains(t.dimension())).toList();
    }

    /** The same inputs with only the core tags (what the cached prefix holds under gating). */
    public PromptPersonalization coreOnly() {
        return new PromptPersonalization(platformWalletSummary, referenceWalletsSummary, coreTags(), memories,
                customPrompt);
    }

    /**
     * What the injection scanner finds in {@code custom_prompt}: reported like SOUL.md's findings
     * (the text is trusted and still used), so an operator sees them.
     */
    public List<InjectionFinding> customPromptFindings() {
        return customPrompt.map(SCANNER::scan).orElse(List.of());
    }

    public boolean isEmpty() {
        return platformWalletSummary.isEmpty() && referenceWalletsSummary.isEmpty() && tags.isEmpty()
                && memories.isEmpty() && customPrompt.isEmpty();
    }
}
