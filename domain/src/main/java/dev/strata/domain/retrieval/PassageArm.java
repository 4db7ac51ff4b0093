package dev.strata.domain.retrieval;

/**
 * The passage arm: BM25 over each memory indexed together with the memories written right before and
 * after it in the same sitting and its event date (issue 19). Where {@link NeighbourContext} lets a hit
 * lend score to its neighbours after ranking, the passage arm ranks a memory by its neighbours' words
 * from the start: a short reply ("three years, I think") that shares no word with the question is found
 * by the question that precedes it, and a turn is found by the date it happened on ("8 May 2023").
 *
 * @param weight     the arm's weight in the fusion (as the keyword and vector arms' weights); 0 = off,
 *                   the arm is not even queried
 * @param own        BM25 weight of the memory's own words in its passage
 * @param neighbours BM25 weight of its neighbours' words
 * @param date       BM25 weight of its event date in words; 0 = dates are not matched at all
 */
public record PassageArm(double weight, double own, double neighbours, double date) {

    /** Off: search ranks as before the passage index existed. */
    public static final PassageArm OFF = new PassageArm(0, 1, 1, 1);

    public PassageArm {
        check("weight", weight, 10);
        check("own", own, 10);
        check("neighbours", neighbours, 10);
        check("date", date, 10);
        if (weight > 0 && own + neighbours + date == 0) {
            throw new IllegalArgumentException("a passage arm that runs must weigh some of its columns");
        }
    }

    private static void check(String name, double value, double max) {
        if (!Double.isFinite(value) || value < 0 || value > max) {
            throw new IllegalArgumentException("passage " + name + " must be within [0, " + max + "]: " + value);
        }
    }

    public boolean isOff() {
        return weight == 0;
    }

    public PassageArm withWeight(double w) {
        return new PassageArm(w, own, neighbours, date);
    }
}
