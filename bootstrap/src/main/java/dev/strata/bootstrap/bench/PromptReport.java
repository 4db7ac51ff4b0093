package dev.strata.bootstrap.bench;

import java.util.List;
import java.util.Locale;

/**
 * {@code strata bench prompt}'s output: a summary table (one row per approach) and the per-call
 * table, or one JSON object with {@code cacheable_share} (Strata's frozen prompt, 0..1) beside the
 * baselines' and every call.
 */
public final class PromptReport {

    static final String TOKENIZER = "estimate: about 4 non-blank characters a token, 1 per CJK character "
            + "(TokenEstimator)";

    private PromptReport() {
    }

    public static String table(PromptBenchmark.Result r) {
        PromptBenchmark.Options o = r.options();
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%d sessions x %d turns, a memory written every %d turns (%d writes, "
                        + "%d model calls), %d memories before the first session, k = %d; static prefix (identity "
                        + "block) %d tokens; tokens: %s%n%n", o.sessions(), o.turns(), o.writeEvery(), r.writes(),
                r.calls().size(), o.memories(), o.k(), r.identityTokens(), TOKENIZER));
        out.append("| approach | prompt tokens | cacheable tokens | cacheable share | billed-equivalent tokens (cached at 0.1x) |\n");
        out.append("|---|---|---|---|---|\n");
        summary(out, "Strata frozen snapshot", r.frozen());
        summary(out, "retrieve top-k into the system prompt", r.retrieveSystem());
        summary(out, "retrieve top-k inline with each user message", r.retrieveInline());
        out.append('\n');
        out.append("| session | turn | call | frozen prompt | frozen cacheable | retrieve-system prompt "
                + "| retrieve-system cacheable | retrieve-inline prompt | retrieve-inline cacheable |\n");
        out.append("|---|---|---|---|---|---|---|---|---|\n");
        for (PromptBenchmark.Call c : r.calls()) {
            out.append(String.format(Locale.ROOT, "| %d | %d | %d%s | %d | %d | %d | %d | %d | %d |%n", c.session(),
                    c.turn(), c.call(), c.afterWrite() ? " (after a write)" : "", c.frozen().promptTokens(),
                    c.frozen().cacheableTokens(), c.retrieveSystem().promptTokens(),
                    c.retrieveSystem().cacheableTokens(), c.retrieveInline().promptTokens(),
                    c.retrieveInline().cacheableTokens()));
        }
        return out.toString();
    }

    private static void summary(StringBuilder out, String name, PromptBenchmark.Totals t) {
        out.append(String.format(Locale.ROOT, "| %s | %d | %d | %.1f%% | %.0f |%n", name, t.promptTokens(),
                t.cacheableTokens(), 100 * t.cacheableShare(), t.effectiveTokens()));
    }

    public static String json(PromptBenchmark.Result r) {
        PromptBenchmark.Options o = r.options();
        StringBuilder out = new StringBuilder("{");
        out.append(String.format(Locale.ROOT, "\"cacheable_share\": %.4f, \"sessions\": %d, \"turns_per_session\": %d, "
                        + "\"write_every\": %d, \"writes\": %d, \"memories\": %d, \"k\": %d, \"identity_tokens\": %d, "
                        + "\"tokenizer\": \"%s\", ", r.frozen().cacheableShare(), o.sessions(), o.turns(), o.writeEvery(),
                r.writes(), o.memories(), o.k(), r.identityTokens(), TOKENIZER));
        out.append("\"approaches\": {");
        approach(out, "frozen", r.frozen());
        out.append(", ");
        approach(out, "retrieve_system", r.retrieveSystem());
        out.append(", ");
        approach(out, "retrieve_inline", r.retrieveInline());
        out.append("}, \"turns\": [");
        List<PromptBenchmark.Call> calls = r.calls();
        for (int i = 0; i < calls.size(); i++) {
            PromptBenchmark.Call c = calls.get(i);
            out.append(i == 0 ? "" : ", ").append(String.format(Locale.ROOT,
                    "{\"session\": %d, \"turn\": %d, \"call\": %d, \"after_write\": %b, "
                            + "\"frozen_prompt_tokens\": %d, \"frozen_cacheable_tokens\": %d, "
                            + "\"retrieve_system_prompt_tokens\": %d, \"retrieve_system_cacheable_tokens\": %d, "
                            + "\"retrieve_inline_prompt_tokens\": %d, \"retrieve_inline_cacheable_tokens\": %d}",
                    c.session(), c.turn(), c.call(), c.afterWrite(), c.frozen().promptTokens(),
                    c.frozen().cacheableTokens(), c.retrieveSystem().promptTokens(), c.retrieveSystem().cacheableTokens(),
                    c.retrieveInline().promptTokens(), c.retrieveInline().cacheableTokens()));
        }
        return out.append("]}").toString();
    }

    private static void approach(StringBuilder out, String name, PromptBenchmark.Totals t) {
        out.append(String.format(Locale.ROOT, "\"%s\": {\"prompt_tokens\": %d, \"cacheable_tokens\": %d, "
                        + "\"cacheable_share\": %.4f, \"billed_equivalent_tokens\": %.0f}", name, t.promptTokens(),
                t.cacheableTokens(), t.cacheableShare(), t.effectiveTokens()));
    }
}
