package dev.strata.adapters.http;

/** A failure that belongs to HTTP itself (payload too large, wrong media type), carrying its problem. */
final class HttpProblemException extends RuntimeException {

    private final transient Problem problem;

    HttpProblemException(Problem problem) {
        super(problem.detail());
        this.problem = problem;
    }

    Problem problem() {
        return problem;
    }
}
