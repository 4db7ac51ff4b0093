package dev.strata.application.fact;

import dev.strata.domain.fact.ConsolidationCandidate;
import dev.strata.domain.fact.ConsolidationDecision;
import dev.strata.domain.fact.ConsolidationEvent;
import dev.strata.domain.fact.ConsolidationRules;
import dev.strata.domain.fact.Fact;
import dev.strata.domain.fact.FactId;
import dev.strata.domain.fact.FactStatus;
import dev.strata.domain.fact.FactStore;
import dev.strata.domain.fact.FactTransition;
import dev.strata.domain.fact.RowRef;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.MemoryStore;
import dev.strata.domain.memory.SearchRequest;
import dev.strata.domain.memory.Source;
import dev.strata.domain.languagemodel.ChatMessage;
import dev.strata.domain.languagemodel.ChatRequest;
import dev.strata.domain.languagemodel.ChatResponse;
import dev.strata.domain.json.JsonNode;
import dev.strata.domain.languagemodel.LanguageModel;
import dev.strata.domain.languagemodel.SpendCategory;
import dev.strata.domain.retrieval.BackgroundWrites;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The LLM contradiction-resolution pass (spec 01 {@code FactConsolidator}). For a pending fact that
 * no existing fact states word for word, it shows the model the tenant's most similar active facts
 * (F1, F2...) and the user's own {@code user_manual} personalization memories (U1, U2...), asks
 * whether the new fact supersedes one, duplicates one or stands beside them, checks the answer
 * against {@link ConsolidationRules}, applies it and audits it. A refused answer changes nothing
 * but the new fact's status (it is kept, as with keep-both) and is audited too.
 *
 * <p>Model failures (not configured, over budget, unreachable, no valid JSON even after the repair
 * retry) propagate unchanged and leave the fact pending for a later run.
 */
public final class FactConsolidator {

    /** Longest model-written reason kept in the trail. */
    static final int MAX_REASON_CHARS = 500;

    public enum Outcome { KEPT, DUPLICATE, SUPERSEDED, REFUSED, STALE }

    private final LanguageModel model;
    private final FactStore facts;
    private final MemoryStore memories;
    private final Clock clock;
    private final ConsolidationSettings settings;
    private final BackgroundWrites writes;

    public FactConsolidator(LanguageModel model, FactStore facts, MemoryStore memories, Clock clock,
                            ConsolidationSettings settings) {
        this(model, facts, memories, clock, settings, BackgroundWrites.DIRECT);
    }

    /**
     * @param writes runs each decision's writes as one short background transaction that gives way to requests
     *               (the model is called before it, never inside)
     */
    public FactConsolidator(LanguageModel model, FactStore facts, MemoryStore memories, Clock clock,
                            ConsolidationSettings settings, BackgroundWrites writes) {
        this.writes = Objects.requireNonNull(writes, "writes");
        this.model = Objects.requireNonNull(model, "model");
        this.facts = Objects.requireNonNull(facts, "facts");
        this.memories = Objects.requireNonNull(memories, "memories");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /** True when the pass runs: it is switched on and a model is configured. */
    public boolean isActive() {
        return settings.enabled() && model.isEnabled();
    }

    public String model() {
        return model.model();
    }

    /** Judges one pending fact and settles it; see the class comment for failures. */
    public Outcome consolidate(Fact fact) {
        if (!fact.isPending()) {
            throw new IllegalArgumentException("only a pending fact is consolidated");
        }
        List<ConsolidationCandidate> candidates = candidates(fact);
        if (candidates.isEmpty()) {
            return inSlice(() -> facts.apply(fact.tenant(), List.of(FactTransition.activate(fact.id(),
                    "no similar statement")), Optional.empty(), clock.instant()) ? Outcome.KEPT : Outcome.STALE);
        }
        ConsolidationPrompt prompt = ConsolidationPrompt.of(fact, candidates, settings.guidance());
        ChatRequest request = new ChatRequest(fact.tenant().value(), SpendCategory.CONSOLIDATION, prompt.system(),
                List.of(ChatMessage.user(prompt.user())), 0.0, ConsolidationPrompt.MAX_OUTPUT_TOKENS,
                Optional.of(ConsolidationPrompt.SCHEMA));
        ChatResponse response = model.chat(request);
        ConsolidationDecision decision = decision(response.structured());
        Audit audit = new Audit(fact, decision, response.model(), prompt.hash(), clock.instant());
        return inSlice(() -> switch (ConsolidationRules.check(fact, decision, candidates)) {
            case ConsolidationRules.Allowed allowed -> applyAllowed(audit, allowed.target());
            case ConsolidationRules.Refused refused -> refuse(audit, refused.target(), refused.reason());
        });
    }

    /** The decision's writes (and the refusal that may follow a stale one) in one background slice. */
    private Outcome inSlice(Supplier<Outcome> write) {
        Outcome[] outcome = {Outcome.STALE};
        writes.slice(() -> outcome[0] = write.get());
        return outcome[0];
    }

    private List<ConsolidationCandidate> candidates(Fact fact) {
        List<ConsolidationCandidate> out = new ArrayList<>();
        for (Fact similar : facts.searchActive(fact.tenant(), fact.content(), settings.maxCandidates())) {
            if (!similar.id().equals(fact.id())) {
                out.add(new ConsolidationCandidate("F" + (out.size() + 1), RowRef.fact(similar.id()), similar.tenant(),
                        similar.content(), similar.source()));
            }
        }
        String query = fact.content().length() > SearchRequest.MAX_QUERY_CHARS
                ? fact.content().substring(0, SearchRequest.MAX_QUERY_CHARS) : fact.content();
        int users = 0;
        for (var hit : memories.search(new SearchRequest(fact.tenant(), query, settings.maxCandidates(),
                Optional.of(Category.PERSONALIZATION)))) {
            if (hit.memory().source() == Source.USER_MANUAL) {
                users++;
                out.add(new ConsolidationCandidate("U" + users, RowRef.memory(hit.memory().id().value()),
                        hit.memory().tenant(), hit.memory().content(), hit.memory().source()));
            }
        }
        return out;
    }

    private static ConsolidationDecision decision(JsonNode.ObjectNode json) {
        String reason = json.text("reason").strip();
        if (reason.length() > MAX_REASON_CHARS) {
            reason = reason.substring(0, MAX_REASON_CHARS);
        }
        return new ConsolidationDecision(ConsolidationDecision.Kind.parse(json.text("decision")),
                Optional.of(json.text("target")), reason);
    }

    private record Audit(Fact fact, ConsolidationDecision decision, String model, String promptHash, Instant at) {

        ConsolidationEvent event(Optional<RowRef> target, ConsolidationEvent.Outcome outcome, String reason) {
            return new ConsolidationEvent(fact.tenant(), fact.id(), target, decision.target().orElse(""),
                    decision.kind(), outcome, reason, model, promptHash, at);
        }
    }

    private Outcome applyAllowed(Audit audit, Optional<ConsolidationCandidate> target) {
        Fact fact = audit.fact();
        String reason = audit.decision().reason();
        Optional<RowRef> row = target.map(ConsolidationCandidate::row);
        List<FactTransition> transitions = switch (audit.decision().kind()) {
            case KEEP_BOTH -> List.of(FactTransition.activate(fact.id(), "kept: " + reason));
            case DUPLICATE -> List.of(FactTransition.retire(fact.id(), FactStatus.PENDING,
                    row.filter(r -> r.kind() == RowRef.Kind.FACT).map(r -> FactId.of(r.id())),
                    "duplicate of " + row.map(RowRef::toString).orElse("?") + ": " + reason));
            case SUPERSEDE -> List.of(
                    FactTransition.activate(fact.id(), "supersedes " + row.map(RowRef::toString).orElse("?") + ": " + reason),
                    FactTransition.retire(FactId.of(row.orElseThrow().id()), FactStatus.ACTIVE,
                            Optional.of(fact.id()), "superseded by fact:" + fact.id() + ": " + reason));
        };
        if (facts.apply(fact.tenant(), transitions, Optional.of(audit.event(row, ConsolidationEvent.Outcome.APPLIED,
                reason)), audit.at())) {
            return switch (audit.decision().kind()) {
                case KEEP_BOTH -> Outcome.KEPT;
                case DUPLICATE -> Outcome.DUPLICATE;
                case SUPERSEDE -> Outcome.SUPERSEDED;
            };
        }
        return refuse(audit, target, "the named statement changed while the model was deciding");
    }

    private Outcome refuse(Audit audit, Optional<ConsolidationCandidate> target, String why) {
        Fact fact = audit.fact();
        boolean kept = facts.apply(fact.tenant(),
                List.of(FactTransition.activate(fact.id(), "kept: a " + audit.decision().kind().wireName()
                        + " decision was refused (" + why + ")")),
                Optional.of(audit.event(target.map(ConsolidationCandidate::row), ConsolidationEvent.Outcome.REJECTED,
                        why + "; the model said: " + audit.decision().reason())),
                audit.at());
        return kept ? Outcome.REFUSED : Outcome.STALE;
    }
}
