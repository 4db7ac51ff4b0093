package dev.strata.domain.learning;

import dev.strata.domain.error.InvalidInputException;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The decision part of a case: which methodologies it is attributed to, the hint hash, what was
 * decided. A case without methodology ids is refused: external fills carry none, and
 * back-attributing them would pollute the statistics that gate graduation (spec 04).
 */
public record CaseDraft(List<MethodologyId> methodologies, String hintHash, String decision) {

    public static final int MAX_METHODOLOGIES = 16;
    public static final int MAX_DECISION_CHARS = 2_000;
    private static final Pattern HINT_HASH = Pattern.compile("[A-Za-z0-9:_-]{1,128}");

    public CaseDraft {
        methodologies = checkMethodologies(methodologies);
        hintHash = checkHintHash(hintHash);
        decision = LearningText.optional("decision", decision, MAX_DECISION_CHARS);
    }

    static List<MethodologyId> checkMethodologies(List<MethodologyId> ids) {
        if (ids == null || ids.isEmpty()) {
            throw new InvalidInputException("methodology_ids", "must name at least one methodology: a case is an "
                    + "attributed decision, never an external fill");
        }
        if (ids.size() > MAX_METHODOLOGIES) {
            throw new InvalidInputException("methodology_ids", "must name at most " + MAX_METHODOLOGIES
                    + " methodologies");
        }
        ids.forEach(id -> Objects.requireNonNull(id, "methodology_ids"));
        if (new HashSet<>(ids).size() != ids.size()) {
            throw new InvalidInputException("methodology_ids", "must not repeat an id");
        }
        return List.copyOf(ids);
    }

    static String checkHintHash(String hash) {
        if (hash == null || !HINT_HASH.matcher(hash).matches()) {
            throw new InvalidInputException("hint_hash", "must be 1-128 characters of letters, digits, ':', '_' or '-'");
        }
        return hash;
    }
}
