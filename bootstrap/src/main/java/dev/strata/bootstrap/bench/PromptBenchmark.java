package dev.strata.bootstrap.bench;

import dev.strata.application.memory.MemoryService;
import dev.strata.application.memory.WriteMemory;
import dev.strata.application.provenance.WriteOrigin;
import dev.strata.application.session.SessionService;
import dev.strata.bootstrap.StrataCore;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.SearchHit;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.prompt.PromptBlock;
import dev.strata.domain.session.Session;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * {@code strata bench prompt}: what the frozen snapshot saves in prompt tokens. Simulates agent
 * sessions of many turns on a real Strata (real SQLite, the real {@link SessionService} and prompt
 * assembly, the real search), in which the agent writes memories mid-session through a tool call,
 * and measures every model call's prompt three ways with a {@link PrefixMeter}:
 *
 * <ul>
 *   <li><b>frozen</b> (Strata): the session's frozen prompt, then the conversation. A write made
 *       mid-session reaches the next session's prompt, never the current one's.</li>
 *   <li><b>retrieve, system</b> (how most peers inject memory): the same identity and
 *       personalization blocks, with the memory block replaced, on every call, by the top-k search
 *       results for the latest user message; then the conversation.</li>
 *   <li><b>retrieve, inline</b> (the cache-friendly variant of it): the top-k results attached to
 *       each user message as it is sent and kept in the history, so earlier calls stay a prefix;
 *       the price is a prompt that grows by k memories every turn.</li>
 * </ul>
 *
 * <p>A turn is one user message and the agent's reply: one model call, or two when the agent
 * writes a memory (the call that emits the tool call, and the call that reads its result), which
 * is the tool-call round trip spec 01's cache argument is about. The first call of a session is
 * measured against the last call of the previous one, as a provider's cache would see it when the
 * next session starts within the cache's lifetime.
 */
public final class PromptBenchmark {

    /** The agent's writes are agent-tool writes, recorded as such in the audit log. */
    private static final WriteOrigin AGENT = WriteOrigin.agentTool(Actor.system("bench-agent"));
    private static final WriteOrigin SEED = WriteOrigin.operator(Actor.system("bench"));

    /**
     * @param sessions   sessions to simulate, one after another
     * @param turns      user turns per session
     * @param writeEvery the agent writes a memory on every n-th turn of a session
     * @param memories   memories in the tenant before the first session
     * @param k          search results a retrieve-and-concatenate approach injects per call
     * @param seed       seed of the synthetic memories and messages
     */
    public record Options(int sessions, int turns, int writeEvery, int memories, int k, long seed) {
        public Options {
            if (sessions < 1 || turns < 1 || writeEvery < 1 || memories < 0 || k < 1) {
                throw new IllegalArgumentException("sessions, turns, write-every and k must be positive, memories >= 0");
            }
        }

        public static Options defaults() {
            return new Options(5, 20, 3, 200, 10, 42);
        }
    }

    /** One model call: where it falls and what each approach sent. */
    public record Call(int session, int turn, int call, boolean afterWrite, PrefixMeter.Measured frozen,
                       PrefixMeter.Measured retrieveSystem, PrefixMeter.Measured retrieveInline) {
    }

    /** Totals of one approach over the run. */
    public record Totals(long promptTokens, long cacheableTokens) {

        /** Cached tokens cost about a tenth of fresh ones (Anthropic's cache reads; OpenAI's on recent models). */
        static final double CACHED_PRICE = 0.1;

        public double cacheableShare() {
            return promptTokens == 0 ? 0 : (double) cacheableTokens / promptTokens;
        }

        /** Input tokens billed as if fresh: uncached ones plus cached ones at {@link #CACHED_PRICE}. Cache writes' surcharge is ignored. */
        public double effectiveTokens() {
            return (promptTokens - cacheableTokens) + CACHED_PRICE * cacheableTokens;
        }
    }

    /** The run: its options, every call, the agent's writes, and the size of the static prefix. */
    public record Result(Options options, List<Call> calls, int writes, int identityTokens) {

        public Totals frozen() {
            return totals(c -> c.frozen());
        }

        public Totals retrieveSystem() {
            return totals(c -> c.retrieveSystem());
        }

        public Totals retrieveInline() {
            return totals(c -> c.retrieveInline());
        }

        private Totals totals(java.util.function.Function<Call, PrefixMeter.Measured> of) {
            long prompt = calls.stream().mapToLong(c -> of.apply(c).promptTokens()).sum();
            long cached = calls.stream().mapToLong(c -> of.apply(c).cacheableTokens()).sum();
            return new Totals(prompt, cached);
        }
    }

    private final Options options;
    private final Consumer<String> progress;

    public PromptBenchmark(Options options, Consumer<String> progress) {
        this.options = options;
        this.progress = progress;
    }

    /**
     * Writes a small OpenClaw workspace (SOUL.md, AGENTS.md, USER.md) into {@code dir}: the static
     * prefix every approach shares. Its size moves the share; the report prints it.
     */
    public static void writeWorkspace(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("SOUL.md"), """
                # Soul

                You are Quill, a careful trading assistant. You are direct, you show your reasoning in numbers,
                and you say when you do not know. You never place an order without the user's explicit
                confirmation, and you never move funds between chains on your own initiative.
                """);
        Files.writeString(dir.resolve("AGENTS.md"), """
                # Operating rules

                - Before answering a question about the user's positions, search memory for the asset and the
                  chain, and quote what you found with its date.
                - When the user states a preference, a rule or a lesson, save it with memory_write in the right
                  category, in one sentence, without secrets.
                - When a trade closes, record the outcome (entry, exit, size, fees) and what was learned.
                - Prefer limit orders; state the slippage you would use and why; never exceed the risk budget.
                - Keep answers short: a recommendation, the two or three facts it rests on, and the risk.
                - If the market data you have is older than fifteen minutes, say so before using it.
                - Never reveal keys, seed phrases or API tokens, even if the user pastes them back to you.
                - Summarise at the end of a long session what you saved to memory and why.

                ## Tools

                memory_search(query, limit), memory_write(category, content), memory_delete(id),
                price(asset), positions(), place_order(asset, side, size, limit_price) (asks for confirmation).
                """);
        Files.writeString(dir.resolve("USER.md"), """
                - Name: Dana
                - Timezone: Europe/Lisbon
                - Trades mostly ETH and SOL, some BTC; keeps a stablecoin reserve of 30%
                """);
    }

    /** Runs the simulation on {@code core} in {@code tenant}, which should be empty. */
    public Result run(StrataCore core, Tenant tenant) {
        MemoryService memories = core.memory().memories();
        SessionService sessions = core.session().sessions();
        SyntheticMemories corpus = new SyntheticMemories(options.seed());
        seed(memories, tenant, corpus);
        core.profile().profile().set(tenant, "risk_tolerance", "moderate", Actor.system("bench"));
        core.profile().profile().set(tenant, "preferred_chain", "arbitrum", Actor.system("bench"));

        PrefixMeter frozenMeter = new PrefixMeter();
        PrefixMeter systemMeter = new PrefixMeter();
        PrefixMeter inlineMeter = new PrefixMeter();
        List<Call> calls = new ArrayList<>();
        List<String> questions = SyntheticMemories.queries();
        int writes = 0;
        int identityTokens = 0;
        for (int s = 1; s <= options.sessions(); s++) {
            progress.accept("session " + s + " of " + options.sessions());
            Session session = sessions.start(tenant);
            String frozen = session.prompt();
            identityTokens = session.blocks().stream().filter(b -> b.name().equals(PromptBlock.IDENTITY))
                    .mapToInt(b -> dev.strata.domain.chunking.TokenEstimator.estimate(b.text())).sum();
            StringBuilder history = new StringBuilder();
            StringBuilder inlineHistory = new StringBuilder();
            for (int t = 1; t <= options.turns(); t++) {
                String question = questions.get(corpus.roll(questions.size()));
                String user = OPENERS[corpus.roll(OPENERS.length)] + question;
                append(history, "user", user);
                append(inlineHistory, "user", relevant(memories, tenant, user) + "\n\n" + user);
                int call = 1;
                calls.add(measure(s, t, call, false, frozen, session, history, inlineHistory, memories, tenant, user,
                        frozenMeter, systemMeter, inlineMeter));
                if (t % options.writeEvery() == 0) {
                    String content = corpus.content();
                    String category = corpus.category();
                    String toolCall = "memory_write({\"category\":\"" + category + "\",\"content\":\"" + content + "\"})";
                    append(history, "assistant", toolCall);
                    append(inlineHistory, "assistant", toolCall);
                    Memory written = memories.write(new WriteMemory(tenant, category, content, Metadata.EMPTY, AGENT));
                    writes++;
                    String result = "{\"ok\":true,\"data\":{\"id\":" + written.id().value() + "}}";
                    append(history, "tool", result);
                    append(inlineHistory, "tool", result);
                    calls.add(measure(s, t, ++call, true, frozen, session, history, inlineHistory, memories, tenant,
                            user, frozenMeter, systemMeter, inlineMeter));
                }
                String reply = reply(corpus);
                append(history, "assistant", reply);
                append(inlineHistory, "assistant", reply);
            }
        }
        return new Result(options, List.copyOf(calls), writes, identityTokens);
    }

    private Call measure(int s, int t, int call, boolean afterWrite, String frozen, Session session,
                         StringBuilder history, StringBuilder inlineHistory, MemoryService memories, Tenant tenant,
                         String user, PrefixMeter frozenMeter, PrefixMeter systemMeter, PrefixMeter inlineMeter) {
        String withRetrieval = session.blocks().stream()
                .map(b -> b.name().equals(PromptBlock.MEMORY) ? relevant(memories, tenant, user) : b.text())
                .collect(Collectors.joining(Session.BLOCK_SEPARATOR));
        if (session.blocks().stream().noneMatch(b -> b.name().equals(PromptBlock.MEMORY))) {
            withRetrieval = withRetrieval + Session.BLOCK_SEPARATOR + relevant(memories, tenant, user);
        }
        String withoutMemory = session.blocks().stream().filter(b -> !b.name().equals(PromptBlock.MEMORY))
                .map(PromptBlock::text).collect(Collectors.joining(Session.BLOCK_SEPARATOR));
        return new Call(s, t, call, afterWrite,
                frozenMeter.observe(frozen + history),
                systemMeter.observe(withRetrieval + history),
                inlineMeter.observe(withoutMemory + inlineHistory));
    }

    /** The top-k search results for the message, as a retrieve-and-concatenate memory layer injects them. */
    private String relevant(MemoryService memories, Tenant tenant, String query) {
        List<SearchHit> hits = memories.search(tenant, query, Optional.of(options.k()), Optional.empty());
        StringBuilder out = new StringBuilder("## Relevant memories");
        if (hits.isEmpty()) {
            out.append("\n(none)");
        }
        for (SearchHit hit : hits) {
            out.append("\n- [").append(hit.memory().category().value()).append("] ").append(hit.memory().content());
        }
        return out.toString();
    }

    private void seed(MemoryService memories, Tenant tenant, SyntheticMemories corpus) {
        List<WriteMemory> batch = new ArrayList<>();
        for (int i = 0; i < options.memories(); i++) {
            batch.add(new WriteMemory(tenant, corpus.category(), corpus.content(), Metadata.EMPTY, SEED));
        }
        if (!batch.isEmpty()) {
            memories.writeAll(batch);
        }
    }

    private static void append(StringBuilder history, String role, String text) {
        history.append("\n\n<").append(role).append(">\n").append(text).append("\n</").append(role).append('>');
    }

    private static final String[] OPENERS = {"", "Quick one: ", "Before I trade, ", "Remind me, ", "Hmm, "};

    private static final String[] REPLIES = {
        "Based on what you told me earlier, %s. I would keep the position small and use a limit order; the main "
                + "risk is a sudden move in funding. Want me to set an alert instead of trading now?",
        "Here is what I have: %s. That is consistent with your risk budget, but liquidity is thin at this hour, "
                + "so I would wait for the US open before adding.",
        "I checked memory and your notes: %s. Nothing there contradicts the plan; I would still size it at half "
                + "of a normal position until the weekly chart confirms.",
    };

    private static String reply(SyntheticMemories corpus) {
        return String.format(REPLIES[corpus.roll(REPLIES.length)], corpus.content());
    }
}
