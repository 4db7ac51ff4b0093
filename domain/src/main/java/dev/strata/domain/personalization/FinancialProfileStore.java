package dev.strata.domain.personalization;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Driven port: the {@code financial_profile} table, one row per (tenant, user). Every write touches
 * only the columns it names (a user's edit never rewinds a cursor a rebuild moved meanwhile, and the
 * other way round), and a write to a missing row creates it with {@link FinancialProfile#empty}'s
 * values first. Cooldown claims and schedules leave {@code updated_at} alone: it tells when the
 * row's content last changed.
 *
 * <h2>Cooldowns and cursors (for the rebuild flows)</h2>
 * A rebuild runs in three steps, and the port has one method for each:
 * <ol>
 *   <li><b>claim</b> the cooldown: {@link #claimRebuild} succeeds for exactly one caller while the kind is
 *       due, and moves its {@code *_next_update} forward at once, so the cooldown holds even when the
 *       rebuild then fails (spec 04 "Partial rebuilds leave stale state");</li>
 *   <li>do the work and <b>store its result</b>;</li>
 *   <li><b>advance the data cursor only after the result is stored</b>: {@link #storeTradingSummary}
 *       writes the summary and its three source cursors in one statement; {@link #advanceChatCursor}
 *       moves {@code last_indexed_chat_id} after the extracted memories are written. Both are
 *       compare-and-set on the cursor the caller read, so a slower concurrent run can never move a
 *       cursor backwards, and a run that failed leaves every cursor where it was.</li>
 * </ol>
 * {@link #scheduleRebuild} sets a cooldown unconditionally (a forced refresh, an operator's reset).
 */
public interface FinancialProfileStore {

    Optional<FinancialProfile> find(Tenant tenant, UserId user);

    /** The users of the tenant that have a row, by user id. */
    List<UserId> users(Tenant tenant);

    /**
     * Every row's key across tenants, ordered by tenant then user, starting after {@code after}
     * (keyset paging for jobs that visit every user), at most {@code limit}.
     */
    List<ProfileRef> profiles(Optional<ProfileRef> after, int limit);

    /** Applies a user's edit to the named fields only; returns the row afterwards. */
    FinancialProfile edit(Tenant tenant, UserId user, ProfileEdit edit, Instant now);

    /**
     * Stores the onboarding answers; the first completion time is set once and kept on later
     * submissions. Returns the row afterwards.
     */
    FinancialProfile recordOnboarding(Tenant tenant, UserId user, OnboardingAnswers answers, Instant now);

    // --- cooldowns -------------------------------------------------------------------------------

    /**
     * Claims a rebuild: when {@code kind} is due at {@code now} (its next update is unset or not after
     * {@code now}) sets it to {@code nextUpdate} and answers true; otherwise changes nothing and
     * answers false. Atomic: of two concurrent claims at most one wins.
     */
    boolean claimRebuild(Tenant tenant, UserId user, RebuildKind kind, Instant now, Instant nextUpdate);

    /** Sets {@code kind}'s next update unconditionally (forced refresh, reset). */
    void scheduleRebuild(Tenant tenant, UserId user, RebuildKind kind, Instant nextUpdate, Instant now);

    /**
     * The rows whose {@code kind} is due at {@code now}, across tenants, oldest due first, at most
     * {@code limit} (what a rebuild job walks). Users without a row are not listed: a row exists once
     * anything was written for the user.
     */
    List<ProfileRef> due(RebuildKind kind, Instant now, int limit);

    // --- data cursors (advance only after the result is stored) ----------------------------------

    /**
     * Stores a rebuilt trading summary, sets {@code trading_summary_updated_at} to {@code now} and
     * moves the three source cursors to {@code summary.seen()} — one write — provided the cursors
     * still are {@code expected} (what the rebuild read before it started). False, writing nothing,
     * when another run moved them first.
     */
    boolean storeTradingSummary(Tenant tenant, UserId user, TradingCursors expected, TradingSummary summary,
                                Instant now);

    /**
     * Moves {@code last_indexed_chat_id} from {@code expected} (empty: never indexed) to {@code next}.
     * Call it after the memories extracted from the chats up to {@code next} are stored. False,
     * writing nothing, when the cursor is no longer {@code expected}.
     */
    boolean advanceChatCursor(Tenant tenant, UserId user, Optional<String> expected, String next, Instant now);
}
