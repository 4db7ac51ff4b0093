package dev.strata.domain.learning;

/**
 * The Wilson score interval's lower bound for a success ratio: how good a methodology is at least,
 * with confidence set by {@code z}. Unlike the raw ratio it rewards evidence: 9 wins of 10 scores
 * below 90 of 100, so a lucky streak cannot graduate a methodology.
 */
public final class Wilson {

    private Wilson() {
    }

    /**
     * @param successes winning uses, within {@code [0, uses]}
     * @param uses      scored uses; zero uses give zero (nothing is known)
     * @param z         the normal quantile, e.g. 1.96 for 95 %; zero gives the raw ratio exactly
     */
    public static double lowerBound(long successes, long uses, double z) {
        if (uses < 0 || successes < 0 || successes > uses) {
            throw new IllegalArgumentException("need 0 <= successes <= uses: " + successes + "/" + uses);
        }
        if (!(z >= 0) || Double.isInfinite(z)) {
            throw new IllegalArgumentException("z must be a finite, non-negative number: " + z);
        }
        if (uses == 0) {
            return 0.0;
        }
        double n = uses;
        double p = successes / n;
        if (z == 0) {
            return p;
        }
        double z2 = z * z;
        double centre = p + z2 / (2 * n);
        double spread = z * Math.sqrt(p * (1 - p) / n + z2 / (4 * n * n));
        double bound = (centre - spread) / (1 + z2 / n);
        // Rounding can leave a hair below zero at p = 0.
        return Math.max(0.0, Math.min(1.0, bound));
    }
}
