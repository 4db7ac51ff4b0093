package dev.strata.domain.chunking;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits a memory's content into chunks of about {@code maxTokens} tokens, consecutive chunks
 * sharing about {@code overlapTokens} tokens so a fact cut at a boundary is still whole in one
 * of them.
 *
 * <p>Boundaries are chosen in this order of preference: a paragraph break (blank line) when the
 * next paragraph fits in a chunk, a sentence end or line break, a space, and only for a run of
 * text without any of those, an arbitrary character. The overlap is made of whole sentences from the end of the previous
 * chunk. Token counts come from {@link TokenEstimator}. Every chunk is an exact substring of
 * the content, so the split is deterministic and reversible to offsets.
 */
public record Chunker(int maxTokens, int overlapTokens) {

    public static final int DEFAULT_MAX_TOKENS = 400;
    public static final int DEFAULT_OVERLAP_TOKENS = 80;
    /** Below this a chunk cannot hold a sentence, and a wide character pair could not fit. */
    public static final int MIN_MAX_TOKENS = 16;

    private static final Pattern PARAGRAPH_BREAK = Pattern.compile("\\R[ \\t\\x0B\\f]*(?:\\R[ \\t\\x0B\\f]*)+");

    public Chunker {
        if (maxTokens < MIN_MAX_TOKENS) {
            throw new IllegalArgumentException("maxTokens must be at least " + MIN_MAX_TOKENS + ", was " + maxTokens);
        }
        if (overlapTokens < 0 || overlapTokens >= maxTokens) {
            throw new IllegalArgumentException("overlapTokens must be in [0, maxTokens), was " + overlapTokens);
        }
    }

    /** About 400 tokens with 80 tokens of overlap, as the search pipeline specifies. */
    public static Chunker defaults() {
        return new Chunker(DEFAULT_MAX_TOKENS, DEFAULT_OVERLAP_TOKENS);
    }

    /** The chunks of {@code content}, in order; empty for blank content. */
    public List<TextChunk> chunk(String content) {
        Objects.requireNonNull(content, "content");
        List<TextChunk> chunks = new ArrayList<>();
        List<Span> current = new ArrayList<>();
        int fresh = 0;
        for (List<Span> paragraph : paragraphs(content)) {
            Span whole = new Span(paragraph.getFirst().start, paragraph.getLast().end);
            // End the chunk at this paragraph break only when that keeps the paragraph whole; a
            // paragraph longer than a chunk is cut at sentences anyway, so fill the chunk first.
            boolean fitsInAChunk = tokens(content, whole, whole) <= maxTokens;
            if (fresh > 0 && fitsInAChunk && tokens(content, current.getFirst(), whole) > maxTokens) {
                chunks.add(emit(content, current, chunks.size()));
                current = overlap(content, current);
                fresh = 0;
            }
            for (Span piece : paragraph) {
                if (!current.isEmpty() && tokens(content, current.getFirst(), piece) > maxTokens) {
                    if (fresh > 0) {
                        chunks.add(emit(content, current, chunks.size()));
                        current = overlap(content, current);
                        fresh = 0;
                    }
                    while (!current.isEmpty() && tokens(content, current.getFirst(), piece) > maxTokens) {
                        current.removeFirst();
                    }
                }
                current.add(piece);
                fresh++;
            }
        }
        if (fresh > 0) {
            chunks.add(emit(content, current, chunks.size()));
        }
        return List.copyOf(chunks);
    }

    private static int tokens(String content, Span from, Span to) {
        return TokenEstimator.estimate(content, from.start, to.end);
    }

    private static TextChunk emit(String content, List<Span> pieces, int index) {
        int start = pieces.getFirst().start;
        int end = pieces.getLast().end;
        return new TextChunk(index, content.substring(start, end), start, end,
                TokenEstimator.estimate(content, start, end));
    }

    /** Trailing pieces of a finished chunk, within the overlap budget, never the whole chunk. */
    private List<Span> overlap(String content, List<Span> finished) {
        List<Span> tail = new ArrayList<>();
        for (int i = finished.size() - 1; i >= 1; i--) {
            Span candidate = finished.get(i);
            if (TokenEstimator.estimate(content, candidate.start, finished.getLast().end) > overlapTokens) {
                break;
            }
            tail.addFirst(candidate);
        }
        return tail;
    }

    /** Paragraphs of the content, each as its list of sentence pieces no larger than a chunk. */
    private List<List<Span>> paragraphs(String content) {
        List<List<Span>> paragraphs = new ArrayList<>();
        Matcher breaks = PARAGRAPH_BREAK.matcher(content);
        int from = 0;
        while (breaks.find()) {
            addParagraph(content, from, breaks.start(), paragraphs);
            from = breaks.end();
        }
        addParagraph(content, from, content.length(), paragraphs);
        return paragraphs;
    }

    private void addParagraph(String content, int start, int end, List<List<Span>> paragraphs) {
        List<Span> pieces = new ArrayList<>();
        int sentenceStart = start;
        for (int i = start; i < end; i++) {
            char c = content.charAt(i);
            boolean boundary = c == '\n' || c == '\r'
                    || isWideSentenceEnd(c)
                    || (isSentenceEnd(c) && i + 1 < end && Character.isWhitespace(content.charAt(i + 1)));
            if (boundary) {
                addSentence(content, sentenceStart, i + 1, pieces);
                sentenceStart = i + 1;
            }
        }
        addSentence(content, sentenceStart, end, pieces);
        if (!pieces.isEmpty()) {
            paragraphs.add(pieces);
        }
    }

    private void addSentence(String content, int start, int end, List<Span> pieces) {
        Span trimmed = trim(content, start, end);
        if (trimmed == null) {
            return;
        }
        if (TokenEstimator.estimate(content, trimmed.start, trimmed.end) <= maxTokens) {
            pieces.add(trimmed);
            return;
        }
        splitOversized(content, trimmed, pieces);
    }

    /** Cuts a sentence longer than a chunk at spaces, or anywhere when it has none. */
    private void splitOversized(String content, Span sentence, List<Span> pieces) {
        int budget = maxTokens * TokenEstimator.quartersPerToken();
        int pieceStart = sentence.start;
        while (pieceStart < sentence.end) {
            int quarters = 0;
            int lastSpace = -1;
            int cut = sentence.end;
            for (int i = pieceStart; i < sentence.end; i++) {
                char c = content.charAt(i);
                if (Character.isWhitespace(c)) {
                    lastSpace = i;
                }
                quarters += TokenEstimator.cost(c);
                if (quarters > budget) {
                    cut = lastSpace > pieceStart ? lastSpace : i;
                    if (Character.isLowSurrogate(content.charAt(cut)) && cut - 1 > pieceStart) {
                        cut--;
                    }
                    break;
                }
            }
            Span piece = trim(content, pieceStart, cut);
            if (piece != null) {
                pieces.add(piece);
            }
            pieceStart = cut;
        }
    }

    private static Span trim(String content, int start, int end) {
        int s = start;
        int e = end;
        while (s < e && Character.isWhitespace(content.charAt(s))) {
            s++;
        }
        while (e > s && Character.isWhitespace(content.charAt(e - 1))) {
            e--;
        }
        return s < e ? new Span(s, e) : null;
    }

    private static boolean isSentenceEnd(char c) {
        return c == '.' || c == '!' || c == '?' || c == ';';
    }

    private static boolean isWideSentenceEnd(char c) {
        return c == '\u3002' || c == '\uFF01' || c == '\uFF1F' || c == '\uFF1B';
    }

    private record Span(int start, int end) {
    }
}
