package dev.strata.domain.personalization;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One {@code financial_profile} row (spec 04's table, plus the trading summary's source cursors and
 * the onboarding state): what the rebuild flows maintain and the user may tune.
 *
 * @param user                    whose row
 * @param platformWalletSummary   LLM-written summary of the user's own wallet activity
 * @param referenceWalletsSummary LLM-written summary of the wallets the user follows
 * @param referenceWallets        the followed wallet addresses ({@code reference_wallets_json})
 * @param customPrompt            the user's own instructions, trusted like SOUL.md
 * @param visibility              {@code include_memories}, {@code include_trading_summary}, {@code include_tags}
 * @param schedule                the three cooldown cursors ({@code *_next_update})
 * @param lastIndexedChatId       the memory rebuild's cursor into the chat history
 * @param tradingSummaryUpdatedAt when the trading summary itself was last rebuilt
 * @param tradingCursors          the trading summary's three source cursors
 * @param onboarding              raw answers and first completion
 */
public record FinancialProfile(UserId user, Optional<String> platformWalletSummary,
                               Optional<String> referenceWalletsSummary, ReferenceWallets referenceWallets,
                               Optional<String> customPrompt, Visibility visibility, RebuildSchedule schedule,
                               Optional<String> lastIndexedChatId, Optional<Instant> tradingSummaryUpdatedAt,
                               TradingCursors tradingCursors, Onboarding onboarding, Instant createdAt,
                               Instant updatedAt) {

    public FinancialProfile {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(platformWalletSummary, "platformWalletSummary");
        Objects.requireNonNull(referenceWalletsSummary, "referenceWalletsSummary");
        Objects.requireNonNull(referenceWallets, "referenceWallets");
        Objects.requireNonNull(customPrompt, "customPrompt");
        customPrompt = customPrompt.map(FinancialProfile::checkCustomPrompt);
        Objects.requireNonNull(visibility, "visibility");
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(lastIndexedChatId, "lastIndexedChatId");
        lastIndexedChatId = lastIndexedChatId.map(c -> ProfileText.oneLine("last_indexed_chat_id", c,
                ProfileText.MAX_CURSOR_CHARS));
        Objects.requireNonNull(tradingSummaryUpdatedAt, "tradingSummaryUpdatedAt");
        Objects.requireNonNull(tradingCursors, "tradingCursors");
        Objects.requireNonNull(onboarding, "onboarding");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(updatedAt, "updatedAt");
    }

    /** The row a user has before anything was stored: everything empty, every flag on, every rebuild due. */
    public static FinancialProfile empty(UserId user, Instant now) {
        return new FinancialProfile(user, Optional.empty(), Optional.empty(), ReferenceWallets.NONE, Optional.empty(),
                Visibility.ALL, RebuildSchedule.NEVER_RUN, Optional.empty(), Optional.empty(), TradingCursors.NONE,
                Onboarding.NOT_STARTED, now, now);
    }

    public static String checkCustomPrompt(String text) {
        return ProfileText.multiLine("custom_prompt", text, ProfileText.MAX_CUSTOM_PROMPT_CHARS);
    }

    /** The row with the user's edit applied (fields the edit leaves out stay as they are). */
    public FinancialProfile with(ProfileEdit edit, Instant now) {
        Optional<String> prompt = edit.customPrompt().isPresent() ? edit.customPrompt().get() : customPrompt;
        Visibility v = new Visibility(edit.includeMemories().orElse(visibility.includeMemories()),
                edit.includeTradingSummary().orElse(visibility.includeTradingSummary()),
                edit.includeTags().orElse(visibility.includeTags()));
        return new FinancialProfile(user, platformWalletSummary, referenceWalletsSummary,
                edit.referenceWallets().orElse(referenceWallets), prompt, v, schedule, lastIndexedChatId,
                tradingSummaryUpdatedAt, tradingCursors, onboarding, createdAt, now);
    }
}
