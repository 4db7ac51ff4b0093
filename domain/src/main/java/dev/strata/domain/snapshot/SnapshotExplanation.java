package dev.strata.domain.snapshot;

import dev.strata.domain.fact.Fact;
import dev.strata.domain.profile.ProfileEntry;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Why a memory-context block holds what it holds: every line of the rendered block, in order, with
 * what produced it (memory id or fact id, category, source, key) and the rule that placed it, plus
 * the injectable memories the budget left out and why. "Why does my agent believe this" is answered
 * line by line.
 *
 * @param cap          the memory cap the block was rendered under
 * @param injectable   how many active memories of injectable types the tenant had
 * @param leftOut      the first entries the cap left out, in the order they would have come
 * @param leftOutTotal how many the cap left out in all (at least {@code leftOut.size()})
 */
public record SnapshotExplanation(int cap, long injectable, List<ExplainedLine> lines, List<LeftOutEntry> leftOut,
                                  long leftOutTotal) {

    static final String FACT_RULE = "active facts of the general fact layer follow the memories, oldest first";
    static final String PROFILE_RULE = "the user profile, ordered by key";

    public SnapshotExplanation {
        if (cap < 1 || injectable < 0) {
            throw new IllegalArgumentException("cap must be positive and injectable not negative");
        }
        lines = List.copyOf(lines);
        leftOut = List.copyOf(leftOut);
        if (leftOutTotal < leftOut.size()) {
            throw new IllegalArgumentException("leftOutTotal counts at least the entries listed");
        }
    }

    /**
     * Explains a block rendered by {@link MemoryContextBlock} from exactly these inputs. Each entry is
     * one line of the block (the renderer folds every text onto one line), so the block's lines are
     * matched to the inputs in order; a block that does not match its inputs is a defect.
     *
     * @param block   the block as rendered (and redacted), or empty when nothing was shown
     * @param placed  the injected memories in render order
     * @param facts   the facts in render order
     * @param leftOut memories the cap left out, in the order they would have come
     */
    public static SnapshotExplanation of(String block, List<ProfileEntry> profile, List<PlacedMemory> placed,
                                         List<Fact> facts, List<PlacedMemory> leftOut, long leftOutTotal, int cap,
                                         long injectable) {
        Objects.requireNonNull(block, "block");
        List<ExplainedLine> lines = block.isEmpty() ? List.of()
                : new LineMatcher(block.split("\n", -1), profile, placed, facts, cap).match();
        List<LeftOutEntry> left = leftOut.stream()
                .map(p -> new LeftOutEntry(LineOrigin.of(p.memory()), new LinePlacement(p.tier().rule(), p.rank(), cap,
                        p.tier().description() + "; would be rank " + p.rank() + ", beyond the cap of " + cap
                                + ": not injected, still searchable")))
                .toList();
        return new SnapshotExplanation(cap, injectable, lines, left, Math.max(leftOutTotal, left.size()));
    }

    /** Walks the block's lines: the frame, then one line per profile entry, memory and fact. */
    private static final class LineMatcher {
        private final String[] text;
        private final List<ProfileEntry> profile;
        private final List<PlacedMemory> placed;
        private final List<Fact> facts;
        private final int cap;
        private final List<ExplainedLine> out = new ArrayList<>();
        private int next;

        LineMatcher(String[] text, List<ProfileEntry> profile, List<PlacedMemory> placed, List<Fact> facts, int cap) {
            this.text = text;
            this.profile = profile;
            this.placed = placed;
            this.facts = facts;
            this.cap = cap;
        }

        List<ExplainedLine> match() {
            frame(ExplainedLine.Kind.FENCE);
            while (next < text.length - 1 && !text[next].isEmpty() && !text[next].startsWith("## ")) {
                frame(ExplainedLine.Kind.NOTE);
            }
            boolean profileDone = profile.isEmpty();
            boolean observationsDone = placed.isEmpty() && facts.isEmpty();
            while (next < text.length - 1) {
                if (text[next].isEmpty()) {
                    frame(ExplainedLine.Kind.BLANK);
                } else if (text[next].startsWith("## ") && !profileDone) {
                    frame(ExplainedLine.Kind.HEADING);
                    profileLines();
                    profileDone = true;
                } else if (text[next].startsWith("## ") && !observationsDone) {
                    frame(ExplainedLine.Kind.HEADING);
                    memoryLines();
                    factLines();
                    observationsDone = true;
                } else {
                    throw new IllegalStateException("line " + (next + 1) + " of the block matches no input");
                }
            }
            if (!profileDone || !observationsDone || next != text.length - 1) {
                throw new IllegalStateException("the block does not hold every input it was rendered from");
            }
            frame(ExplainedLine.Kind.FENCE);
            return out;
        }

        private void profileLines() {
            for (int i = 0; i < profile.size(); i++) {
                entry(ExplainedLine.Kind.PROFILE, LineOrigin.of(profile.get(i)), new LinePlacement("profile", i + 1,
                        profile.size(), PROFILE_RULE + " (" + (i + 1) + " of " + profile.size() + ")"));
            }
        }

        private void memoryLines() {
            for (PlacedMemory p : placed) {
                String where = p.rank() <= cap ? "rank " + p.rank() + " of cap " + cap
                        : "rank " + p.rank() + ": identities are injected beyond the cap of " + cap;
                entry(ExplainedLine.Kind.MEMORY, LineOrigin.of(p.memory()), new LinePlacement(p.tier().rule(),
                        p.rank(), cap, p.tier().description() + "; " + where));
            }
        }

        private void factLines() {
            for (int i = 0; i < facts.size(); i++) {
                entry(ExplainedLine.Kind.FACT, LineOrigin.of(facts.get(i)), new LinePlacement("fact", i + 1,
                        facts.size(), FACT_RULE + " (" + (i + 1) + " of " + facts.size() + ")"));
            }
        }

        private void frame(ExplainedLine.Kind kind) {
            requireLine();
            out.add(new ExplainedLine(next + 1, text[next], kind, Optional.empty(), Optional.empty()));
            next++;
        }

        private void entry(ExplainedLine.Kind kind, LineOrigin origin, LinePlacement placement) {
            requireLine();
            out.add(new ExplainedLine(next + 1, text[next], kind, Optional.of(origin), Optional.of(placement)));
            next++;
        }

        private void requireLine() {
            if (next >= text.length) {
                throw new IllegalStateException("the block ends before every input it was rendered from");
            }
        }
    }
}
