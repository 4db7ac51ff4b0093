package dev.strata.adapters.llm.embedding;

import dev.strata.domain.languagemodel.Embedder;
import dev.strata.domain.languagemodel.Embedding;
import java.util.List;

/**
 * Compares the in-process models on memory-style retrieval: every query is a paraphrase of
 * exactly one stored memory, worded differently, and the evaluation prints recall@1, recall@3
 * and MRR for each model. A benchmark, not a test (nothing asserts on it): run its {@code main}
 * on the module's test class path, e.g. from the IDE, or with
 * {@code mvn -pl adapters-llm -am test-compile dependency:build-classpath -Dmdep.outputFile=cp.txt}
 * and {@code java -cp adapters-llm/target/test-classes:adapters-llm/target/classes:$(cat adapters-llm/cp.txt) ...}.
 */
public final class EmbeddingRecallEvaluation {

    record Case(String memory, String query) {
    }

    static final List<Case> CASES = List.of(
            new Case("We chose JWT bearer tokens with a one hour expiry and rotating refresh tokens.",
                    "how do API clients stay logged in?"),
            new Case("Never deploy on Fridays: the last Friday release caused incident #42.",
                    "is it ok to ship changes right before the weekend?"),
            new Case("The Grafana dashboard for API latency lives under d/api-latency.",
                    "where can I see response time graphs?"),
            new Case("Altcoins dropped more than twenty percent overnight while BTC held its range.",
                    "smaller crypto tokens crashed last night"),
            new Case("The user prefers answers in short bullet points without emojis.",
                    "what formatting does the person like in replies?"),
            new Case("Payment gateway migration to the new provider is in progress; refunds are next.",
                    "what is the status of moving billing to another vendor?"),
            new Case("Stop-loss for ETH longs is set at 8 percent below entry.",
                    "when should I exit a losing ether position?"),
            new Case("Database backups run nightly at 02:00 UTC and are kept for 30 days.",
                    "how long do we retain snapshots of our data?"),
            new Case("The user is vegetarian and allergic to peanuts.",
                    "dietary restrictions to keep in mind when suggesting restaurants"),
            new Case("On-call rotation changes every Monday at 9am; escalation goes to the team lead.",
                    "who gets paged and when does the pager hand over?"),
            new Case("We cache search results for 60 seconds and invalidate on every memory write.",
                    "how fresh are query results after something new is saved?"),
            new Case("The staging cluster runs in eu-west-1 and mirrors production config weekly.",
                    "which region hosts the pre-production environment?"),
            new Case("Q1 migration to Postgres 16 completed successfully on 2026-03-15.",
                    "when did we finish upgrading the database version?"),
            new Case("Rate limit for the public API is 100 requests per minute per key.",
                    "how many calls can a client make before being throttled?"),
            new Case("The user's daughter starts primary school in September.",
                    "family events coming up in the autumn"),
            new Case("Use the vault entry deploy/ssh-key for production server access.",
                    "where is the credential for logging into prod machines?"),
            new Case("Position sizing rule: never risk more than 1 percent of the portfolio on one trade.",
                    "how much capital may a single bet put at stake?"),
            new Case("The marketing site is built with Astro and deployed to a CDN on every merge.",
                    "what framework powers the public website?"),
            new Case("Customer churn spiked after the price increase in February.",
                    "did raising prices cause people to cancel?"),
            new Case("The flaky integration test is caused by a race in the queue consumer shutdown.",
                    "why does the CI pipeline fail intermittently?"),
            new Case("The user lives in Lisbon and works remotely for a Berlin company.",
                    "which city is the person based in?"),
            new Case("Weekly reports are sent to the finance team every Friday afternoon.",
                    "when does accounting receive the summary?"),
            new Case("Log retention is 14 days in Loki; older logs go to cold storage in S3.",
                    "how long can we search application logs?"),
            new Case("The user dislikes being asked clarifying questions for simple tasks.",
                    "should the assistant check back before doing easy requests?"));

    /**
     * Neutral sentences that pad a memory to chunk size, testing whether the fact still wins when
     * it is a small part of a long passage. Each memory gets its own rotation of them.
     */
    static final List<String> FILLER = List.of(
            "The notes were taken during the regular weekly sync.",
            "Several people joined the call a few minutes late.",
            "Action items were recorded in the shared document.",
            "Someone mentioned that the coffee machine was fixed.",
            "The meeting ran slightly over the scheduled time.",
            "A follow-up was proposed for later in the month.",
            "Attendance was good despite the holiday season.",
            "The agenda had been circulated the day before.",
            "There was a short discussion about the office move.",
            "Minutes will be reviewed at the next session.",
            "A few questions were deferred to the mailing list.",
            "The recording is available to anyone who missed it.");

    private EmbeddingRecallEvaluation() {
    }

    /** The memory between filler sentences, about {@code sentences * 12} words in all. */
    static String padded(int caseIndex, String memory, int sentences) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < sentences; i++) {
            if (i == sentences / 2) {
                text.append(memory).append(' ');
            }
            text.append(FILLER.get((caseIndex * 5 + i) % FILLER.size())).append(' ');
        }
        return text.toString().strip();
    }

    public static void main(String[] args) {
        List<String> memories = CASES.stream().map(Case::memory).toList();
        List<String> queries = CASES.stream().map(Case::query).toList();
        OnnxEmbedder bge = OnnxEmbedder.of(LocalEmbeddingModel.BGE_SMALL_EN_V15);
        OnnxEmbedder bgeWithoutInstruction = OnnxEmbedder.of(LocalEmbeddingModel.BGE_SMALL_EN_V15, false);
        OnnxEmbedder miniLm = OnnxEmbedder.of(LocalEmbeddingModel.ALL_MINILM_L6_V2);
        // 0 filler sentences: memories as written; 16 and 32: about half and one full chunk.
        for (int fillers : new int[] {0, 16, 32}) {
            List<String> corpus = new java.util.ArrayList<>();
            for (int i = 0; i < memories.size(); i++) {
                corpus.add(fillers == 0 ? memories.get(i) : padded(i, memories.get(i), fillers));
            }
            System.out.printf("%nMemories of ~%d words (~%d estimated tokens), %d paraphrased queries%n",
                    corpus.getFirst().split("\\s+").length,
                    dev.strata.domain.chunking.TokenEstimator.estimate(corpus.getFirst()), queries.size());
            System.out.printf("%-40s %9s %9s %7s%n", "model", "recall@1", "recall@3", "MRR");
            report("bge-small-en-v1.5-q + query instruction", bge, corpus, queries);
            report("bge-small-en-v1.5-q, no instruction", bgeWithoutInstruction, corpus, queries);
            report("all-MiniLM-L6-v2-q", miniLm, corpus, queries);
        }
    }

    private static void report(String name, Embedder embedder, List<String> memories, List<String> queries) {
        List<Embedding> stored = embedder.embedDocuments(memories);
        int top1 = 0;
        int top3 = 0;
        double reciprocalRanks = 0;
        for (int q = 0; q < queries.size(); q++) {
            Embedding query = embedder.embedQuery(queries.get(q));
            double target = query.cosineSimilarity(stored.get(q));
            int rank = 1;
            for (int m = 0; m < stored.size(); m++) {
                if (m != q && query.cosineSimilarity(stored.get(m)) > target) {
                    rank++;
                }
            }
            top1 += rank == 1 ? 1 : 0;
            top3 += rank <= 3 ? 1 : 0;
            reciprocalRanks += 1.0 / rank;
        }
        int n = queries.size();
        System.out.printf("%-40s %9.3f %9.3f %7.3f%n", name, (double) top1 / n, (double) top3 / n, reciprocalRanks / n);
    }
}
