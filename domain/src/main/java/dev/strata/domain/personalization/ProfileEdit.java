package dev.strata.domain.personalization;

import dev.strata.domain.error.InvalidInputException;

import java.util.Objects;
import java.util.Optional;

/**
 * A user's edit of the profile row ({@code PATCH /v1/profile}, {@code strata config set
 * financial.<field>}): only the fields a user owns. The summaries and every cursor are written by
 * the rebuild flows alone.
 *
 * @param customPrompt empty: unchanged; {@code Optional.of(Optional.empty())}: cleared; else the new text
 */
public record ProfileEdit(Optional<Optional<String>> customPrompt, Optional<ReferenceWallets> referenceWallets,
                          Optional<Boolean> includeMemories, Optional<Boolean> includeTradingSummary,
                          Optional<Boolean> includeTags) {

    /** The fields a user may edit, by their wire names. */
    public static final java.util.List<String> FIELDS = java.util.List.of("custom_prompt", "reference_wallets",
            "include_memories", "include_trading_summary", "include_tags");

    public static final ProfileEdit NONE = new ProfileEdit(Optional.empty(), Optional.empty(), Optional.empty(),
            Optional.empty(), Optional.empty());

    public ProfileEdit {
        Objects.requireNonNull(customPrompt, "customPrompt");
        customPrompt = customPrompt.map(p -> p.map(FinancialProfile::checkCustomPrompt));
        Objects.requireNonNull(referenceWallets, "referenceWallets");
        Objects.requireNonNull(includeMemories, "includeMemories");
        Objects.requireNonNull(includeTradingSummary, "includeTradingSummary");
        Objects.requireNonNull(includeTags, "includeTags");
    }

    public boolean isEmpty() {
        return equals(NONE);
    }

    public ProfileEdit withCustomPrompt(Optional<String> prompt) {
        return new ProfileEdit(Optional.of(prompt), referenceWallets, includeMemories, includeTradingSummary,
                includeTags);
    }

    public ProfileEdit withReferenceWallets(ReferenceWallets wallets) {
        return new ProfileEdit(customPrompt, Optional.of(wallets), includeMemories, includeTradingSummary, includeTags);
    }

    public ProfileEdit withIncludeMemories(boolean on) {
        return new ProfileEdit(customPrompt, referenceWallets, Optional.of(on), includeTradingSummary, includeTags);
    }

    public ProfileEdit withIncludeTradingSummary(boolean on) {
        return new ProfileEdit(customPrompt, referenceWallets, includeMemories, Optional.of(on), includeTags);
    }

    public ProfileEdit withIncludeTags(boolean on) {
        return new ProfileEdit(customPrompt, referenceWallets, includeMemories, includeTradingSummary, Optional.of(on));
    }

    /**
     * One field set from text, as {@code strata config set financial.<field> <value>} gives it: booleans
     * as {@code true|false}, wallets comma-separated, an empty custom prompt clears it.
     */
    public static ProfileEdit parseField(String field, String text) {
        Objects.requireNonNull(text, "text");
        return switch (field) {
            case "custom_prompt" -> NONE.withCustomPrompt(text.isBlank() ? Optional.empty() : Optional.of(text));
            case "reference_wallets" -> NONE.withReferenceWallets(new ReferenceWallets(text.isBlank()
                    ? java.util.List.of() : java.util.Arrays.stream(text.split(",")).map(String::strip).toList()));
            case "include_memories" -> NONE.withIncludeMemories(bool(field, text));
            case "include_trading_summary" -> NONE.withIncludeTradingSummary(bool(field, text));
            case "include_tags" -> NONE.withIncludeTags(bool(field, text));
            default -> throw new InvalidInputException("field", "must be one of " + String.join(", ", FIELDS));
        };
    }

    private static boolean bool(String field, String text) {
        return switch (text.strip()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new InvalidInputException(field, "must be true or false");
        };
    }
}
