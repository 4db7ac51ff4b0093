package dev.strata.application.personalization;

import dev.strata.application.audit.AuditTrail;
import dev.strata.application.memory.MemoryService;
import dev.strata.application.memory.SaveMemory;
import dev.strata.application.profile.ProfileService;
import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.error.ConflictException;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.FinancialProfile;
import dev.strata.domain.personalization.FinancialProfileStore;
import dev.strata.domain.personalization.LegacyTagMigration;
import dev.strata.domain.personalization.OnboardingAnswers;
import dev.strata.domain.personalization.PersonalizationMemories;
import dev.strata.domain.personalization.ProfileEdit;
import dev.strata.domain.personalization.PromptPersonalization;
import dev.strata.domain.personalization.TagDimension;
import dev.strata.domain.personalization.TagPrecedence;
import dev.strata.domain.personalization.TagSource;
import dev.strata.domain.personalization.TagValue;
import dev.strata.domain.personalization.TagWrite;
import dev.strata.domain.personalization.UserId;
import dev.strata.domain.personalization.UserTag;
import dev.strata.domain.personalization.UserTagStore;
import dev.strata.domain.vault.CredentialScrubber;
import dev.strata.application.provenance.WriteOrigin;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The personalization use cases of spec 04's database sub-layer: the profile row a user edits, the
 * ten tags (declared beats inferred), onboarding, the v1 tag migration and the portrait. The rebuild
 * flows (issue 17) use the same tag writes ({@link #inferTag}, {@link #unionMarkets}) and the store's
 * cooldown and cursor methods ({@link #profiles()}).
 *
 * <p>Personalization-class memories are ordinary memories under {@code category = 'personalization'},
 * written through the {@link MemoryService}; inside a tenant they are attributed to a user by their
 * metadata ({@link PersonalizationMemories}).
 */
public final class PersonalizationService {

    /** Compare-and-set attempts before a tag write gives up on a row that keeps changing. */
    static final int TAG_WRITE_ATTEMPTS = 8;
    static final String ONBOARDING = "onboarding";
    /** The onboarding answer that is not a tag. */
    static final String CAPITAL_ANSWER = "investing_capital";

    private final FinancialProfileStore profiles;
    private final UserTagStore tags;
    private final MemoryService memories;
    private final ProfileService keyValueProfile;
    private final PersonalizationPolicy policy;
    private final Clock clock;
    private final CredentialScrubber scrubber;
    private final AuditTrail audit;

    /** For tests that do not read the audit trail: entries go to a log nobody reads. */
    public PersonalizationService(FinancialProfileStore profiles, UserTagStore tags, MemoryService memories,
                                  ProfileService keyValueProfile, PersonalizationPolicy policy, Clock clock) {
        this(profiles, tags, memories, keyValueProfile, policy, clock, new CredentialScrubber(), AuditTrail.DISCARDED);
    }

    /** For tests that do not read the audit trail: entries go to a log nobody reads. */
    public PersonalizationService(FinancialProfileStore profiles, UserTagStore tags, MemoryService memories,
                                  ProfileService keyValueProfile, PersonalizationPolicy policy, Clock clock,
                                  CredentialScrubber scrubber) {
        this(profiles, tags, memories, keyValueProfile, policy, clock, scrubber, AuditTrail.DISCARDED);
    }

    /**
     * @param scrubber the vault's scrubber: the free text a user stores here ({@code custom_prompt}, the
     *                 self-reported capital) is stored with every registered secret replaced
     * @param audit    the one audit log: every profile edit, tag write and onboarding is recorded with its actor
     */
    public PersonalizationService(FinancialProfileStore profiles, UserTagStore tags, MemoryService memories,
                                  ProfileService keyValueProfile, PersonalizationPolicy policy, Clock clock,
                                  CredentialScrubber scrubber, AuditLog audit) {
        this.audit = new AuditTrail(audit);
        this.scrubber = Objects.requireNonNull(scrubber, "scrubber");
        this.profiles = Objects.requireNonNull(profiles, "profiles");
        this.tags = Objects.requireNonNull(tags, "tags");
        this.memories = Objects.requireNonNull(memories, "memories");
        this.keyValueProfile = Objects.requireNonNull(keyValueProfile, "keyValueProfile");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    public PersonalizationPolicy policy() {
        return policy;
    }

    /**
     * The profile store, for the rebuild flows: they claim cooldowns and advance cursors through it
     * ({@link FinancialProfileStore}'s claim / store-then-advance methods).
     */
    public FinancialProfileStore profiles() {
        return profiles;
    }

    /** The vault's scrubber, for the rebuild flows: what they send the model and store is redacted with it. */
    public CredentialScrubber scrubber() {
        return scrubber;
    }

    // --- the profile row ---------------------------------------------------------------------------

    /** The user's row, or the defaults when nothing was stored for the user yet (nothing is written). */
    public FinancialProfile profile(Tenant tenant, UserId user) {
        return profiles.find(tenant, user).orElseGet(() -> FinancialProfile.empty(user, clock.instant()));
    }

    /** {@link #edit(Tenant, UserId, ProfileEdit, Actor)} by an unnamed actor (tests of the edit rules). */
    public FinancialProfile edit(Tenant tenant, UserId user, ProfileEdit edit) {
        return edit(tenant, user, edit, Actor.UNKNOWN);
    }

    /**
     * Applies a user's edit; an edit naming no field is refused. Audited as {@code financial_profile.edit}
     * naming the fields changed, never their values ({@code custom_prompt} is free text).
     */
    public FinancialProfile edit(Tenant tenant, UserId user, ProfileEdit edit, Actor actor) {
        Objects.requireNonNull(actor, "actor");
        if (edit.isEmpty()) {
            throw new InvalidInputException("body", "must set at least one of " + String.join(", ", ProfileEdit.FIELDS));
        }
        ProfileEdit redacted = edit.customPrompt().flatMap(p -> p)
                .map(p -> edit.withCustomPrompt(Optional.of(scrubber.redactFor(tenant, p)))).orElse(edit);
        Instant now = clock.instant();
        FinancialProfile after = profiles.edit(tenant, user, redacted, now);
        audit.record(new AuditEntry(tenant, "financial_profile.edit", "financial_profile:" + user, "fields set: "
                + String.join(", ", fieldsOf(edit)), actor, now));
        return after;
    }

    private static List<String> fieldsOf(ProfileEdit edit) {
        List<String> fields = new ArrayList<>();
        edit.customPrompt().ifPresent(p -> fields.add("custom_prompt"));
        edit.referenceWallets().ifPresent(w -> fields.add("reference_wallets"));
        edit.includeMemories().ifPresent(b -> fields.add("include_memories"));
        edit.includeTradingSummary().ifPresent(b -> fields.add("include_trading_summary"));
        edit.includeTags().ifPresent(b -> fields.add("include_tags"));
        return fields;
    }

    /** {@code strata config get financial.<field>}: any field of the row, as text ("" when unset). */
    public String readField(Tenant tenant, UserId user, String field) {
        FinancialProfile p = profile(tenant, user);
        return switch (field) {
            case "user_id" -> p.user().value();
            case "platform_wallet_summary" -> p.platformWalletSummary().orElse("");
            case "reference_wallets_summary" -> p.referenceWalletsSummary().orElse("");
            case "reference_wallets" -> String.join(",", p.referenceWallets().addresses());
            case "custom_prompt" -> p.customPrompt().orElse("");
            case "include_memories" -> Boolean.toString(p.visibility().includeMemories());
            case "include_trading_summary" -> Boolean.toString(p.visibility().includeTradingSummary());
            case "include_tags" -> Boolean.toString(p.visibility().includeTags());
            case "trading_summary_next_update" -> text(p.schedule().tradingSummaryNextUpdate());
            case "tags_next_update" -> text(p.schedule().tagsNextUpdate());
            case "memories_next_update" -> text(p.schedule().memoriesNextUpdate());
            case "last_indexed_chat_id" -> p.lastIndexedChatId().orElse("");
            case "trading_summary_updated_at" -> text(p.tradingSummaryUpdatedAt());
            case "trading_summary_last_trade_id_seen" -> p.tradingCursors().lastTradeIdSeen().orElse("");
            case "trading_summary_last_perps_fill_id_seen" -> p.tradingCursors().lastPerpsFillIdSeen().orElse("");
            case "trading_summary_last_external_spot_id_seen" -> p.tradingCursors().lastExternalSpotIdSeen().orElse("");
            case "onboarding_completed_at" -> text(p.onboarding().completedAt());
            case "created_at" -> p.createdAt().toString();
            case "updated_at" -> p.updatedAt().toString();
            default -> throw new InvalidInputException("field", "must be one of " + String.join(", ", READABLE_FIELDS));
        };
    }

    /** The fields {@link #readField} knows, by the spec's column names. */
    public static final List<String> READABLE_FIELDS = List.of("user_id", "platform_wallet_summary",
            "reference_wallets_summary", "reference_wallets", "custom_prompt", "include_memories",
            "include_trading_summary", "include_tags", "trading_summary_next_update", "tags_next_update",
            "memories_next_update", "last_indexed_chat_id", "trading_summary_updated_at",
            "trading_summary_last_trade_id_seen", "trading_summary_last_perps_fill_id_seen",
            "trading_summary_last_external_spot_id_seen", "onboarding_completed_at", "created_at", "updated_at");

    /** {@code strata config set financial.<field> <value>}: one user-editable field from text. */
    public FinancialProfile writeField(Tenant tenant, UserId user, String field, String value, Actor actor) {
        return edit(tenant, user, ProfileEdit.parseField(field, value), actor);
    }

    private static String text(Optional<Instant> at) {
        return at.map(Instant::toString).orElse("");
    }

    // --- tags --------------------------------------------------------------------------------------

    /** The user's tags, declared first, then inferred, each in dimension order. */
    public List<UserTag> tags(Tenant tenant, UserId user) {
        return TagPrecedence.ordered(tags.all(tenant, user));
    }

    /** {@link #declareTag(Tenant, UserId, TagValue, Actor)} by an unnamed actor (tests of the tag rules). */
    public TagWrite declareTag(Tenant tenant, UserId user, TagValue value) {
        return declareTag(tenant, user, value, Actor.UNKNOWN);
    }

    /** A user-declared value: always replaces the row. A write (not a kept value) is audited as {@code tag.set}. */
    public TagWrite declareTag(Tenant tenant, UserId user, TagValue value, Actor actor) {
        return audited(tenant, user, write(tenant, user, value, TagSource.USER), actor);
    }

    /** {@link #inferTag(Tenant, UserId, TagValue, Actor)} by an unnamed actor (tests of the tag rules). */
    public TagWrite inferTag(Tenant tenant, UserId user, TagValue value) {
        return inferTag(tenant, user, value, Actor.UNKNOWN);
    }

    /** An inferred value: replaces an inferred row or fills an empty dimension, never a declared row. */
    public TagWrite inferTag(Tenant tenant, UserId user, TagValue value, Actor actor) {
        return audited(tenant, user, write(tenant, user, value, TagSource.INFERRED), actor);
    }

    /** A tag that was written is one {@code tag.set} entry; a kept one changed nothing and is not audited. */
    private TagWrite audited(Tenant tenant, UserId user, TagWrite w, Actor actor) {
        Objects.requireNonNull(actor, "actor");
        if (w.written()) {
            audit.record(new AuditEntry(tenant, "tag.set", tagSubject(user, w.tag().value().dimension()),
                    w.tag().value().dimension().slug() + " = " + w.tag().value().labels() + " ("
                            + w.tag().source().name().toLowerCase(java.util.Locale.ROOT) + ")", actor, w.tag().updatedAt()));
        }
        return w;
    }

    private static String tagSubject(UserId user, TagDimension dimension) {
        return "tag:" + user + "/" + dimension.slug();
    }

    /**
     * spec 04's {@code unionMarkets}: adds market values to the tag and keeps the row's source, so an
     * inferred push never downgrades or clears a declared selection; never removes a value.
     */
    public TagWrite unionMarkets(Tenant tenant, UserId user, TagValue add, Actor actor) {
        if (add.dimension() != TagDimension.MARKETS) {
            throw new InvalidInputException("dimension", "only markets is united");
        }
        return audited(tenant, user, casLoop(tenant, user, TagDimension.MARKETS,
                current -> TagPrecedence.union(current, user, add, clock.instant())), actor);
    }

    /** {@link #unionMarkets(Tenant, UserId, TagValue, Actor)} by an unnamed actor (tests of the tag rules). */
    public TagWrite unionMarkets(Tenant tenant, UserId user, TagValue add) {
        return unionMarkets(tenant, user, add, Actor.UNKNOWN);
    }

    /**
     * Removes the user's value of one dimension (the user withdraws it); false when there was none.
     * A removal is audited as {@code tag.clear}.
     */
    public boolean clearTag(Tenant tenant, UserId user, TagDimension dimension, Actor actor) {
        Objects.requireNonNull(actor, "actor");
        boolean removed = tags.delete(tenant, user, dimension);
        if (removed) {
            audit.record(new AuditEntry(tenant, "tag.clear", tagSubject(user, dimension), dimension.slug() + " removed",
                    actor, clock.instant()));
        }
        return removed;
    }

    /** {@link #clearTag(Tenant, UserId, TagDimension, Actor)} by an unnamed actor (tests of the tag rules). */
    public boolean clearTag(Tenant tenant, UserId user, TagDimension dimension) {
        return clearTag(tenant, user, dimension, Actor.UNKNOWN);
    }

    private TagWrite write(Tenant tenant, UserId user, TagValue value, TagSource source) {
        return casLoop(tenant, user, value.dimension(),
                current -> TagPrecedence.decide(current, user, value, source, clock.instant()));
    }

    private TagWrite casLoop(Tenant tenant, UserId user, TagDimension dimension,
                             java.util.function.Function<Optional<UserTag>, TagPrecedence.Decision> decide) {
        for (int attempt = 0; attempt < TAG_WRITE_ATTEMPTS; attempt++) {
            Optional<UserTag> current = tags.find(tenant, user, dimension);
            TagPrecedence.Decision d = decide.apply(current);
            if (!d.write()) {
                return TagWrite.kept(d.tag(), d.keptBecause().orElseThrow());
            }
            if (tags.replace(tenant, current, d.tag())) {
                return TagWrite.written(d.tag());
            }
        }
        throw new ConflictException("tag " + dimension.slug() + " kept changing while it was written; try again",
                Map.of("dimension", dimension.slug()));
    }

    // --- onboarding --------------------------------------------------------------------------------

    /**
     * spec 04's {@code completeOnboarding}: the answers (validated whole before this is called: an
     * {@link OnboardingAnswers} cannot hold an invalid value) become user-declared tags; on the first
     * completion only, one personalization memory per answered dimension and one for the
     * self-reported capital (never a tag or a capital metric); then the raw answers and the completion
     * are stored. Idempotent: a re-submit updates the tags and the answers without another memory.
     * The memories are keyed per user and answer, so a retry after a failure part-way writes none twice.
     */
    public OnboardingResult completeOnboarding(Tenant tenant, UserId user, OnboardingAnswers given, WriteOrigin origin) {
        Objects.requireNonNull(origin, "origin");
        OnboardingAnswers answers = given.investingCapital().filter(scrubber::containsSecret)
                .map(c -> new OnboardingAnswers(given.financeKnowledge(), given.frequency(), given.risk(), given.markets(),
                        Optional.of(scrubber.redactFor(tenant, c)))).orElse(given);
        boolean first = !profile(tenant, user).onboarding().completed();
        List<TagWrite> writes = new ArrayList<>();
        answers.tags().values().forEach(v -> writes.add(declareTag(tenant, user, v, origin.actor())));
        List<Memory> written = new ArrayList<>();
        if (first) {
            answers.tags().forEach((d, v) -> rememberOnce(tenant, user, origin, d.slug(), "Onboarding: the user describes their "
                    + QUESTIONS.get(d) + " as " + v.labels() + ".").ifPresent(written::add));
            answers.investingCapital().ifPresent(c -> rememberOnce(tenant, user, origin, CAPITAL_ANSWER, "Onboarding: the user"
                    + " reports investing capital of " + c + " (self-reported, not verified).").ifPresent(written::add));
        }
        Instant now = clock.instant();
        FinancialProfile after = profiles.recordOnboarding(tenant, user, answers, now);
        // The answers' values are in the tag entries; the capital is the user's free text, so it is only named.
        audit.record(new AuditEntry(tenant, "onboarding.complete", "onboarding:" + user, (first ? "first completion"
                : "answers updated") + ": " + answers.tags().size() + " tag answer" + (answers.tags().size() == 1 ? "" : "s")
                + (answers.investingCapital().isPresent() ? ", investing capital" : "") + ", " + written.size()
                + " memor" + (written.size() == 1 ? "y" : "ies") + " written", origin.actor(), now));
        return new OnboardingResult(OnboardingStatus.of(after.onboarding()), first, writes, written);
    }

    /** spec 04's {@code getOnboardingStatus}. */
    public OnboardingStatus onboardingStatus(Tenant tenant, UserId user) {
        return OnboardingStatus.of(profile(tenant, user).onboarding());
    }

    private static final Map<TagDimension, String> QUESTIONS = Map.of(
            TagDimension.FINANCE_KNOWLEDGE, "finance knowledge",
            TagDimension.FREQUENCY, "trading frequency",
            TagDimension.RISK, "risk appetite",
            TagDimension.MARKETS, "markets of interest");

    /** Saves the answer's keyed memory unless it exists: the memory layer refuses a second entry for a key. */
    private Optional<Memory> rememberOnce(Tenant tenant, UserId user, WriteOrigin origin, String answer, String content) {
        try {
            return Optional.of(memories.save(new SaveMemory(tenant, PersonalizationMemories.onboardingKey(user, answer)
                    .value(), content, Optional.of(Category.PERSONALIZATION.value()), Optional.empty(),
                    new Metadata(PersonalizationMemories.metadata(user, ONBOARDING, answer)), Optional.of(Source.USER_MANUAL),
                    origin))
                    .memory());
        } catch (ConflictException alreadyWritten) {
            return Optional.empty();
        }
    }

    // --- memories, portrait, prompt ----------------------------------------------------------------

    /** The user's most recent personalization memories, newest first, at most the policy's number. */
    public List<Memory> recentMemories(Tenant tenant, UserId user) {
        return recentMemories(tenant, user, policy.recentMemories());
    }

    private List<Memory> recentMemories(Tenant tenant, UserId user, int n) {
        if (n == 0) {
            return List.of();
        }
        // The table has no user column: read a wider window of the tenant's and keep the user's.
        int window = Math.min(memories.limits().maxListLimit(), Math.max(n, n * 10));
        return memories.list(tenant, Optional.of(Category.PERSONALIZATION.value()), Optional.of(window)).stream()
                .filter(m -> PersonalizationMemories.belongsTo(m, user)).limit(n).toList();
    }

    /** The whole user-facing portrait ({@code GET /v1/profile}, {@code personalization_snapshot}). */
    public Portrait portrait(Tenant tenant, UserId user) {
        Optional<FinancialProfile> stored = profiles.find(tenant, user);
        FinancialProfile p = stored.orElseGet(() -> FinancialProfile.empty(user, clock.instant()));
        return new Portrait(p, stored.isPresent(), tags(tenant, user), recentMemories(tenant, user),
                PromptPersonalization.of(p, List.of(), List.of()).customPromptFindings(), OnboardingStatus.of(p.onboarding()),
                keyValueProfile.all(tenant));
    }

    /** What the personalization block holds for the user, visibility flags applied. */
    public PromptPersonalization promptInputs(Tenant tenant, UserId user) {
        FinancialProfile p = profile(tenant, user);
        List<String> recent = p.visibility().includeMemories()
                ? recentMemories(tenant, user).stream().map(Memory::content).toList() : List.of();
        return PromptPersonalization.of(p, p.visibility().includeTags() ? tags(tenant, user) : List.of(), recent);
    }

    // --- the v1 tag migration ----------------------------------------------------------------------

    /**
     * Plans (and with {@code apply} writes, one transaction per tenant) the move of v1 tag rows to the
     * v2 schema, for one tenant or every tenant holding tags. A dry run writes nothing.
     */
    public TagMigrationReport migrateLegacyTags(Optional<Tenant> tenant, boolean apply) {
        List<Tenant> scope = tenant.map(List::of).orElseGet(tags::tenants);
        List<TagMigrationReport.TenantPlan> plans = new ArrayList<>();
        for (Tenant t : scope) {
            LegacyTagMigration.Plan plan = LegacyTagMigration.plan(tags.rawRows(t));
            if (apply && !plan.isEmpty()) {
                tags.migrate(t, plan.remove(), plan.write());
            }
            plans.add(new TagMigrationReport.TenantPlan(t, plan));
        }
        return new TagMigrationReport(apply, plans);
    }
}
