package dev.strata.domain.languagemodel;

/**
 * A chat model: consolidation, reflection and personalization ask it questions and, when the
 * request carries an {@link OutputSchema}, get a validated JSON object back.
 *
 * <p>Failures are typed so callers can degrade instead of dropping work:
 * {@link dev.strata.domain.error.UnavailableException} when the model cannot answer (not
 * configured, unreachable, circuit open), {@link dev.strata.domain.error.BudgetExceededException}
 * when the tenant's daily cap forbids the call, and {@link StructuredOutputException} when the
 * model answered but never produced the requested shape.
 */
public interface LanguageModel {

    ChatResponse chat(ChatRequest request);

    /** False when no model is configured; {@link #chat} then fails fast and callers should skip LLM work. */
    boolean isEnabled();

    /** The configured model identifier (for pricing and reporting); {@code "none"} when disabled. */
    String model();
}
