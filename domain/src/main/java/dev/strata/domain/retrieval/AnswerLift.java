package dev.strata.domain.retrieval;

/**
 * A question's answer is the memory written after it: in a conversation recorded one turn a memory,
 * a turn that asks something ("How long have you had your turtles?") is followed by the turn that
 * answers it ("Three years, I think"), which often shares no word with a search for that fact. So a
 * hit holding a question mark passes {@code weight} of its score to the next memory of its sitting
 * (the next live memory the tenant wrote within neighbour context's gap), on top of neighbour
 * context, which lends to both sides alike. The rule reads only the memory's own text and write
 * order, so it holds for any chat written turn by turn, not for one benchmark's format. Measured on
 * the LoCoMo dev folds (README, "Passage arm"): only the turn after a question gains; lending the
 * same share after every hit loses recall.
 *
 * @param weight share of a question's score its next memory gains; 0 switches the lift off
 */
public record AnswerLift(double weight) {

    /** No lift. */
    public static final AnswerLift OFF = new AnswerLift(0);

    /** The largest weight accepted: more would rank an answer above the question it answers twice over. */
    public static final double MAX_WEIGHT = 2;

    public AnswerLift {
        if (!(weight >= 0 && weight <= MAX_WEIGHT)) {
            throw new IllegalArgumentException("an answer lift's weight is in [0, " + (int) MAX_WEIGHT + "]: "
                    + weight);
        }
    }

    public boolean isOff() {
        return weight == 0;
    }

    /** True when {@code content} asks something: it holds a question mark. */
    public static boolean asks(String content) {
        return content.indexOf('?') >= 0 || content.indexOf('\uFF1F') >= 0;
    }
}
