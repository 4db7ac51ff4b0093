package dev.strata.adapters.http.snapshot;

import dev.strata.domain.snapshot.ExplainedLine;
import dev.strata.domain.snapshot.LeftOutEntry;
import dev.strata.domain.snapshot.LineOrigin;
import dev.strata.domain.snapshot.LinePlacement;
import dev.strata.domain.snapshot.SnapshotExplanation;

import java.util.List;
import java.util.Optional;

/**
 * Why a memory-context block holds what it holds ({@code GET /v1/snapshot/explain} and
 * {@code GET /v1/sessions/{id}/explain}): each line with what produced it and the rule that placed
 * it, then what the cap left out.
 */
public record ExplanationView(int cap, long injectable, long injected, List<LineView> lines,
                              List<LeftOutView> leftOut, long leftOutTotal) {

    public static ExplanationView of(SnapshotExplanation e) {
        return new ExplanationView(e.cap(), e.injectable(),
                e.lines().stream().filter(l -> l.kind() == ExplainedLine.Kind.MEMORY).count(),
                e.lines().stream().map(LineView::of).toList(), e.leftOut().stream().map(LeftOutView::of).toList(),
                e.leftOutTotal());
    }

    /**
     * One line: its number and text, its kind ({@code fence}, {@code note}, {@code blank}, {@code heading},
     * {@code profile}, {@code memory}, {@code fact}) and, for an entry, its origin and placement:
     * {@code rule} placed it at {@code rank} of {@code of}, for the {@code reason} given.
     */
    record LineView(int line, String text, String kind, Optional<Long> memoryId, Optional<Long> factId,
                    Optional<String> category, Optional<String> source, Optional<String> key, Optional<String> rule,
                    Optional<Integer> rank, Optional<Integer> of, Optional<String> reason) {

        static LineView of(ExplainedLine l) {
            Optional<LineOrigin> o = l.origin();
            Optional<LinePlacement> p = l.placement();
            return new LineView(l.number(), l.text(), l.kind().wireName(), o.flatMap(LineOrigin::memoryId),
                    o.flatMap(LineOrigin::factId), o.flatMap(LineOrigin::category), o.flatMap(LineOrigin::source),
                    o.flatMap(LineOrigin::key), p.map(LinePlacement::rule), p.map(LinePlacement::rank),
                    p.map(LinePlacement::bound), p.map(LinePlacement::reason));
        }
    }

    /** A memory the cap left out, with the rank it would have had. */
    record LeftOutView(Optional<Long> memoryId, Optional<String> category, Optional<String> source,
                       Optional<String> key, String rule, int rank, int of, String reason) {

        static LeftOutView of(LeftOutEntry e) {
            LineOrigin o = e.origin();
            LinePlacement p = e.placement();
            return new LeftOutView(o.memoryId(), o.category(), o.source(), o.key(), p.rule(), p.rank(), p.bound(),
                    p.reason());
        }
    }
}
