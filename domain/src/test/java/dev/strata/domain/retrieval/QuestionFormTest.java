package dev.strata.domain.retrieval;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class QuestionFormTest {

    @Test
    void a_question_loses_its_answer_type_words_and_keeps_what_it_asks_about() {
        assertThat(QuestionForm.content("What kind of art does Caroline make?")).isEqualTo("What of art does Caroline make?");
        assertThat(QuestionForm.content("How many hikes has Joanna been on?")).isEqualTo("How hikes has Joanna been on?");
        assertThat(QuestionForm.content("Would Caroline likely pursue writing?")).isEqualTo("Would Caroline pursue writing?");
    }

    @Test
    void the_name_a_question_asks_for_stays_because_answers_say_named() {
        assertThat(QuestionForm.content("What is the name of Mia's dog?")).isEqualTo("What is the name of Mia's dog?");
    }

    @Test
    void text_that_is_no_question_is_searched_as_written() {
        assertThat(QuestionForm.isQuestion("slippage on swaps")).isFalse();
        assertThat(QuestionForm.content("the kind of coffee I like")).isEqualTo("the kind of coffee I like");
    }

    @Test
    void a_question_made_only_of_answer_type_words_is_kept_whole() {
        assertThat(QuestionForm.content("what kind?")).isEqualTo("what kind?");
        assertThat(QuestionForm.content("kind?")).isEqualTo("kind?");
    }
}
