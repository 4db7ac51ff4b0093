package dev.strata.application.personalization.rebuild;

import dev.strata.application.memory.MemoryService;
import dev.strata.application.memory.WriteMemory;
import dev.strata.domain.conversation.ConversationStore;
import dev.strata.domain.conversation.Message;
import dev.strata.domain.fact.FactNormalizer;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.ChatMessage;
import dev.strata.domain.languagemodel.ChatRequest;
import dev.strata.domain.languagemodel.ChatResponse;
import dev.strata.domain.json.JsonNode;
import dev.strata.domain.languagemodel.LanguageModel;
import dev.strata.domain.languagemodel.SpendCategory;
import dev.strata.domain.personalization.FinancialProfile;
import dev.strata.domain.personalization.FinancialProfileStore;
import dev.strata.domain.personalization.PersonalizationMemories;
import dev.strata.domain.personalization.RebuildKind;
import dev.strata.domain.personalization.UserId;
import dev.strata.domain.memory.Actor;
import dev.strata.application.provenance.WriteOrigin;
import dev.strata.domain.vault.CredentialScrubber;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code rebuildMemories()} (spec 04, spec 01 "Personalization-class memories"): the user's chat
 * lines after {@code last_indexed_chat_id} go to the model, which answers durable facts about the
 * user; those not already known — compared with the fact layer's normalisation against every
 * personalization row of the user, {@code user_manual} ones included — become personalization
 * memories with source {@code chat_extracted}. Existing rows are never changed or retired, so a
 * {@code user_manual} row stays as the user wrote it. The cursor moves past the lines the model saw
 * only after the new rows are stored; a failed or refused call, an unparseable answer or a failed
 * write leaves it, so the next run reads the same lines again.
 */
final class MemoryRebuild {

    /** Extracted rows are the rebuilder's: chat_extracted, never a person's user_manual. */
    private static final WriteOrigin ORIGIN = WriteOrigin.rebuilder(Actor.system("personalization-rebuild"));

    private static final System.Logger LOG = System.getLogger(MemoryRebuild.class.getName());

    private final LanguageModel model;
    private final FinancialProfileStore profiles;
    private final ConversationStore conversations;
    private final MemoryService memories;
    private final RebuildGate gate;
    private final Clock clock;
    private final RebuildPolicy settings;

    private final CredentialScrubber scrubber;

    MemoryRebuild(LanguageModel model, FinancialProfileStore profiles, ConversationStore conversations,
                  MemoryService memories, RebuildGate gate, Clock clock, RebuildPolicy settings,
                  CredentialScrubber scrubber) {
        this.scrubber = scrubber;
        this.model = model;
        this.profiles = profiles;
        this.conversations = conversations;
        this.memories = memories;
        this.gate = gate;
        this.clock = clock;
        this.settings = settings;
    }

    RebuildOutcome run(Tenant tenant, UserId user, boolean forced) {
        String flow = RebuildOutcome.MEMORIES;
        Optional<RebuildOutcome> closed = gate.closed(flow, true);
        if (closed.isPresent()) {
            return closed.get();
        }
        Optional<String> cursor = profiles.find(tenant, user).flatMap(FinancialProfile::lastIndexedChatId);
        long after = position(cursor);
        List<Message> pending = conversations.messagesAfter(tenant, user, after, settings.maxMessages());
        if (pending.isEmpty()) {
            return RebuildOutcome.skipped(flow, "no chat messages after the cursor (" + after + ")");
        }
        Optional<RebuildOutcome> cooling = gate.claim(flow, tenant, user, RebuildKind.MEMORIES,
                settings.memoriesCooldown(), forced);
        if (cooling.isPresent()) {
            return cooling.get();
        }
        List<Memory> known = memories.list(tenant, Optional.of(Category.PERSONALIZATION.value()),
                Optional.of(memories.limits().maxListLimit())).stream()
                .filter(m -> PersonalizationMemories.belongsTo(m, user)).toList();
        MemoryExtractionPrompt prompt = MemoryExtractionPrompt.of(new PromptText(scrubber, tenant), known.stream().map(Memory::content).toList(), pending);
        long last = prompt.included().getLast().seq();
        ChatResponse answer;
        try {
            answer = model.chat(new ChatRequest(tenant.value(), SpendCategory.REBUILD, MemoryExtractionPrompt.SYSTEM,
                    List.of(ChatMessage.user(prompt.user())), 0.0, MemoryExtractionPrompt.MAX_OUTPUT_TOKENS,
                    Optional.of(MemoryExtractionPrompt.SCHEMA)));
        } catch (RuntimeException e) {
            return RebuildOutcome.failed(flow, RebuildGate.describe(e) + "; the cursor stays at " + after);
        }
        Set<String> seen = new HashSet<>();
        known.forEach(m -> seen.add(FactNormalizer.normalize(m.content())));
        List<WriteMemory> rows = new ArrayList<>();
        int duplicates = 0;
        int tooLong = 0;
        String metadata = "{\"user_id\":\"" + user.value() + "\",\"origin\":\"chat_extracted\",\"chat_seq\":" + last + "}";
        for (JsonNode item : answer.structured().array("facts")) {
            // Redacted before the checks: the dedup compares it with rows stored redacted.
            String content = scrubber.redactFor(tenant, ((JsonNode.ObjectNode) item).text("content")).strip();
            if (content.isEmpty() || content.indexOf('\0') >= 0) {
                continue;
            }
            if (content.length() > memories.limits().maxContentChars()) {
                tooLong++;
                continue;
            }
            if (!seen.add(FactNormalizer.normalize(content))) {
                duplicates++;
                continue;
            }
            if (rows.size() < settings.maxFacts()) {
                rows.add(new WriteMemory(tenant, Category.PERSONALIZATION.value(), content, new Metadata(metadata),
                        Optional.of(Source.CHAT_EXTRACTED), ORIGIN));
            }
        }
        try {
            if (!rows.isEmpty()) {
                memories.writeAll(rows);
            }
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "storing extracted memories failed for " + tenant + "/" + user, e);
            return RebuildOutcome.failed(flow, "storing the extracted memories failed: "
                    + PromptText.plain(String.valueOf(e.getMessage()), 300) + "; the cursor stays at " + after);
        }
        String next = Long.toString(last);
        boolean moved = profiles.advanceChatCursor(tenant, user, cursor, next, clock.instant());
        String detail = rows.size() + " new of " + (rows.size() + duplicates) + " facts from " + prompt.included().size()
                + " messages (" + duplicates + " already known" + (tooLong > 0 ? ", " + tooLong + " too long" : "") + "); "
                + (moved ? "cursor at " + next : "another run moved the cursor first");
        return RebuildOutcome.rebuilt(flow, rows.size(), detail);
    }

    /** The cursor as a sequence number; one this store did not write starts from the beginning. */
    private static long position(Optional<String> cursor) {
        if (cursor.isEmpty()) {
            return 0;
        }
        try {
            return Math.max(0, Long.parseLong(cursor.get()));
        } catch (NumberFormatException e) {
            LOG.log(System.Logger.Level.WARNING, "last_indexed_chat_id ''{0}'' is not a message number; reading from "
                    + "the first message", cursor.get());
            return 0;
        }
    }
}
