package dev.strata.adapters.http.support;

/** A failure that belongs to HTTP itself (payload too large, wrong media type), carrying its problem. */
public final class HttpProblemException extends RuntimeException {

    private final transient Problem problem;

    public HttpProblemException(Problem problem) {
        super(problem.detail());
        this.problem = problem;
    }

    public Problem problem() {
        return problem;
    }
}
