package dev.strata.domain.chunking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ChunkerTest {

    private final Chunker defaults = Chunker.defaults();

    /** A sentence of {@code words} words, each the tag plus a two-digit number, ending in a full stop. */
    private static String sentence(String tag, int words) {
        return IntStream.range(0, words).mapToObj(i -> tag + String.format("%02d", i % 100))
                .collect(Collectors.joining(" ")) + ".";
    }

    private static String paragraph(String tag, int sentences, int wordsPerSentence) {
        return IntStream.range(0, sentences)
                .mapToObj(i -> sentence(tag + (char) ('a' + i % 26), wordsPerSentence))
                .collect(Collectors.joining(" "));
    }

    @Test
    void blank_content_has_no_chunks() {
        assertThat(defaults.chunk("")).isEmpty();
        assertThat(defaults.chunk(" \n\n\t ")).isEmpty();
    }

    @Test
    void short_content_is_one_chunk_with_its_trimmed_text() {
        List<TextChunk> chunks = defaults.chunk("  We chose JWT with 1h expiry.\n\nRefresh tokens rotate.  ");

        assertThat(chunks).singleElement().satisfies(chunk -> {
            assertThat(chunk.index()).isZero();
            assertThat(chunk.text()).isEqualTo("We chose JWT with 1h expiry.\n\nRefresh tokens rotate.");
            assertThat(chunk.start()).isEqualTo(2);
            assertThat(chunk.estimatedTokens()).isEqualTo(TokenEstimator.estimate(chunk.text()));
        });
    }

    @Test
    void every_chunk_is_a_substring_at_its_offsets_and_within_the_budget() {
        String content = IntStream.range(0, 12)
                .mapToObj(i -> paragraph("p" + i, 4, 12))
                .collect(Collectors.joining("\n\n"));

        List<TextChunk> chunks = defaults.chunk(content);

        assertThat(chunks).hasSizeGreaterThan(1);
        for (int i = 0; i < chunks.size(); i++) {
            TextChunk chunk = chunks.get(i);
            assertThat(chunk.index()).isEqualTo(i);
            assertThat(content.substring(chunk.start(), chunk.end())).isEqualTo(chunk.text());
            assertThat(chunk.estimatedTokens()).isLessThanOrEqualTo(400);
        }
        assertThat(chunks.getFirst().start()).isZero();
        assertThat(chunks.getLast().end()).isEqualTo(content.length());
    }

    @Test
    void consecutive_chunks_overlap_by_at_most_the_overlap_budget_and_leave_no_gap() {
        String content = IntStream.range(0, 12)
                .mapToObj(i -> paragraph("p" + i, 4, 12))
                .collect(Collectors.joining("\n\n"));

        List<TextChunk> chunks = defaults.chunk(content);

        for (int i = 1; i < chunks.size(); i++) {
            TextChunk previous = chunks.get(i - 1);
            TextChunk next = chunks.get(i);
            assertThat(next.start()).as("no text is skipped between chunks").isLessThanOrEqualTo(previous.end());
            assertThat(next.start()).as("each chunk moves forward").isGreaterThan(previous.start());
            if (next.start() < previous.end()) {
                assertThat(TokenEstimator.estimate(content, next.start(), previous.end())).isLessThanOrEqualTo(80);
            }
        }
    }

    @Test
    void sentences_carried_over_form_the_overlap() {
        // Paragraphs of four ~16-token sentences: a chunk that ends mid-document repeats
        // its last whole sentences (up to 80 tokens) at the start of the next chunk.
        String content = IntStream.range(0, 12)
                .mapToObj(i -> paragraph("p" + i, 4, 12))
                .collect(Collectors.joining("\n\n"));

        List<TextChunk> chunks = defaults.chunk(content);

        TextChunk first = chunks.get(0);
        TextChunk second = chunks.get(1);
        assertThat(second.start()).isLessThan(first.end());
        String shared = content.substring(second.start(), first.end());
        assertThat(shared).endsWith(".");
        assertThat(first.text()).endsWith(shared);
    }

    @Test
    void prefers_paragraph_breaks_as_chunk_ends() {
        // Three paragraphs of ~250 tokens: two never fit together, so each chunk ends where a
        // paragraph ends rather than in the middle of the next one.
        List<String> paragraphs = List.of(paragraph("a", 10, 20), paragraph("b", 10, 20), paragraph("c", 10, 20));
        String content = String.join("\n\n", paragraphs);

        List<TextChunk> chunks = defaults.chunk(content);

        assertThat(chunks).hasSize(3);
        for (TextChunk chunk : chunks) {
            assertThat(paragraphs).anySatisfy(p -> assertThat(chunk.text()).endsWith(p));
        }
    }

    @Test
    void fills_the_chunk_before_cutting_a_paragraph_that_could_not_stay_whole_anyway() {
        String intro = "Short intro paragraph.";
        String content = intro + "\n\n" + paragraph("long", 30, 20);

        TextChunk first = defaults.chunk(content).getFirst();

        assertThat(first.text()).startsWith(intro).contains("longa00");
        assertThat(first.estimatedTokens()).isGreaterThan(300);
    }

    @Test
    void splits_a_paragraph_longer_than_a_chunk_at_sentence_ends() {
        String content = paragraph("long", 30, 20);

        List<TextChunk> chunks = defaults.chunk(content);

        assertThat(chunks).hasSizeGreaterThan(1);
        assertThat(chunks).allSatisfy(chunk -> {
            assertThat(chunk.text()).endsWith(".");
            assertThat(chunk.estimatedTokens()).isLessThanOrEqualTo(400);
        });
    }

    @Test
    void splits_text_without_any_boundary_and_keeps_every_character() {
        String cjk = "山寨币崩了".repeat(300);

        List<TextChunk> chunks = new Chunker(100, 0).chunk(cjk);

        assertThat(chunks).hasSize(15);
        assertThat(chunks.stream().map(TextChunk::text).collect(Collectors.joining())).isEqualTo(cjk);
        assertThat(chunks).allSatisfy(chunk -> assertThat(chunk.estimatedTokens()).isLessThanOrEqualTo(100));
    }

    @Test
    void splits_an_endless_sentence_at_spaces() {
        String words = String.join(" ", java.util.Collections.nCopies(1000, "word"));

        List<TextChunk> chunks = new Chunker(50, 10).chunk(words);

        assertThat(chunks).allSatisfy(chunk -> {
            assertThat(chunk.text()).startsWith("word").endsWith("word");
            assertThat(chunk.estimatedTokens()).isLessThanOrEqualTo(50);
        });
        List<String> joined = new ArrayList<>();
        chunks.forEach(chunk -> joined.addAll(List.of(chunk.text().split(" "))));
        assertThat(joined).hasSize(1000);
    }

    @Test
    void is_deterministic() {
        String content = IntStream.range(0, 8)
                .mapToObj(i -> paragraph("p" + i, 5, 15))
                .collect(Collectors.joining("\n\n"));

        assertThat(defaults.chunk(content)).isEqualTo(defaults.chunk(content));
    }

    @Test
    void rejects_budgets_that_cannot_work() {
        assertThatThrownBy(() -> new Chunker(8, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Chunker(100, 100)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Chunker(100, -1)).isInstanceOf(IllegalArgumentException.class);
    }
}
