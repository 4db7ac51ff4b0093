package dev.strata.application.personalization.rebuild;

import dev.strata.application.memory.MemoryService;
import dev.strata.application.personalization.PersonalizationService;
import dev.strata.application.trading.TradingProfileService;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.ChatMessage;
import dev.strata.domain.languagemodel.ChatRequest;
import dev.strata.domain.json.JsonNode;
import dev.strata.domain.languagemodel.LanguageModel;
import dev.strata.domain.languagemodel.SpendCategory;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.personalization.FinancialProfile;
import dev.strata.domain.personalization.FinancialProfileStore;
import dev.strata.domain.personalization.PersonalizationMemories;
import dev.strata.domain.personalization.RebuildKind;
import dev.strata.domain.personalization.TagDimension;
import dev.strata.domain.personalization.TagValue;
import dev.strata.domain.personalization.UserId;
import dev.strata.domain.personalization.UserTag;
import dev.strata.domain.trading.TradingProfile;
import dev.strata.domain.vault.CredentialScrubber;

import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code rebuildTags()} (spec 04): profile, memories and trading history against the enum schema.
 * The whole answer is checked against the schema before anything is written — one unknown value or
 * a repeated dimension refuses it all — and each value is then written as inferred: it never
 * replaces a declared tag, and {@code markets} is only ever united.
 */
final class TagsRebuild {

    private final LanguageModel model;
    private final FinancialProfileStore profiles;
    private final PersonalizationService personalization;
    private final TagWrites writes;
    private final MemoryService memories;
    private final TradingProfileService perpsProfile;
    private final RebuildGate gate;
    private final Clock clock;
    private final RebuildPolicy settings;
    private final CredentialScrubber scrubber;

    TagsRebuild(LanguageModel model, FinancialProfileStore profiles, PersonalizationService personalization, TagWrites writes,
                MemoryService memories, TradingProfileService perpsProfile, RebuildGate gate, Clock clock,
                RebuildPolicy settings, CredentialScrubber scrubber) {
        this.scrubber = scrubber;
        this.model = model;
        this.profiles = profiles;
        this.personalization = personalization;
        this.writes = writes;
        this.memories = memories;
        this.perpsProfile = perpsProfile;
        this.gate = gate;
        this.clock = clock;
        this.settings = settings;
    }

    RebuildOutcome run(Tenant tenant, UserId user, boolean forced) {
        String flow = RebuildOutcome.TAGS;
        Optional<RebuildOutcome> closed = gate.closed(flow, true);
        if (closed.isPresent()) {
            return closed.get();
        }
        FinancialProfile profile = profiles.find(tenant, user).orElse(FinancialProfile.empty(user, clock.instant()));
        List<String> said = memories.list(tenant, Optional.of(Category.PERSONALIZATION.value()),
                        Optional.of(memories.limits().maxListLimit())).stream()
                .filter(m -> PersonalizationMemories.belongsTo(m, user)).map(Memory::content).toList();
        TradingProfile perps = perpsProfile.profile(tenant);
        if (said.isEmpty() && perps.trades() == 0 && profile.platformWalletSummary().isEmpty()) {
            return RebuildOutcome.skipped(flow, "no evidence to infer tags from yet");
        }
        Optional<RebuildOutcome> cooling = gate.claim(flow, tenant, user, RebuildKind.TAGS, settings.tagsCooldown(),
                forced);
        if (cooling.isPresent()) {
            return cooling.get();
        }
        List<UserTag> current = personalization.tags(tenant, user);
        JsonNode.ObjectNode answer;
        try {
            answer = model.chat(new ChatRequest(tenant.value(), SpendCategory.REBUILD, TagsPrompt.SYSTEM,
                    List.of(ChatMessage.user(TagsPrompt.user(new PromptText(scrubber, tenant), profile, current, said, perpsLine(perps)))), 0.0,
                    TagsPrompt.MAX_OUTPUT_TOKENS, Optional.of(TagsPrompt.SCHEMA))).structured();
        } catch (RuntimeException e) {
            return RebuildOutcome.failed(flow, RebuildGate.describe(e) + "; no tag was written");
        }
        List<TagValue> values;
        try {
            values = checked(answer.array("tags"));
        } catch (InvalidInputException e) {
            return RebuildOutcome.failed(flow, "the answer broke the tag schema (" + e.getMessage()
                    + "); no tag was written");
        }
        int written = 0;
        int keptDeclared = 0;
        for (TagValue value : values) {
            switch (writes.infer(tenant, user, value)) {
                case WRITTEN -> written++;
                case KEPT_DECLARED -> keptDeclared++;
                case UNCHANGED -> {
                }
            }
        }
        return RebuildOutcome.rebuilt(flow, written, values.size() + " tags inferred: " + written + " written, "
                + keptDeclared + " left to the user's declared value, " + (values.size() - written - keptDeclared)
                + " unchanged");
    }

    /** Every item as a schema value, or the first departure from the schema, naming the item. */
    static List<TagValue> checked(List<JsonNode> items) {
        Set<TagDimension> seen = EnumSet.noneOf(TagDimension.class);
        List<TagValue> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            JsonNode.ObjectNode item = (JsonNode.ObjectNode) items.get(i);
            String field = "tags[" + i + "]";
            TagDimension dimension = TagDimension.fromStoredName(item.text("dimension"))
                    .orElseThrow(() -> new InvalidInputException(field + ".dimension", "is not a tag dimension"));
            if (!seen.add(dimension)) {
                throw new InvalidInputException(field + ".dimension", dimension.storedName() + " appears twice");
            }
            List<String> raw = new ArrayList<>();
            for (JsonNode v : item.array("values")) {
                raw.add(((JsonNode.TextNode) v).value());
            }
            if (dimension.multiSelect()) {
                out.add(TagValue.multi(dimension, raw, field + ".values"));
            } else if (raw.size() != 1) {
                throw new InvalidInputException(field + ".values", dimension.storedName() + " takes exactly one value");
            } else {
                out.add(TagValue.single(dimension, raw.getFirst(), field + ".values"));
            }
        }
        return out;
    }

    private static String perpsLine(TradingProfile p) {
        if (p.trades() == 0) {
            return "no perps fills in the last 30 days";
        }
        return p.trades() + " fills over 30 days, volume $" + p.volumeUsd().toPlainString() + ", long " + p.longFills()
                + " / short " + p.shortFills() + ", last traded " + p.lastTradedAt().map(Object::toString).orElse("never")
                + ", top symbols " + String.join(", ", p.topByCount().stream().map(s -> s.symbol()).toList());
    }
}
