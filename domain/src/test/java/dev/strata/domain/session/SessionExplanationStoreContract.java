package dev.strata.domain.session;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.snapshot.ExplainedLine;
import dev.strata.domain.snapshot.LeftOutEntry;
import dev.strata.domain.snapshot.LineOrigin;
import dev.strata.domain.snapshot.LinePlacement;
import dev.strata.domain.snapshot.SnapshotExplanation;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What every {@link SessionExplanationStore} promises, with the {@link SessionStore} it lives beside;
 * run against the in-memory fakes and the SQLite adapter.
 */
public abstract class SessionExplanationStoreContract {

    protected SessionStore sessions;
    protected SessionExplanationStore explanations;

    /** Fresh, empty stores over one backing (an explanation refers to a stored session). */
    protected abstract void createStores();

    @BeforeEach
    void fresh() {
        createStores();
    }

    /** Every field set, with text a serialisation could alter. */
    protected static SnapshotExplanation explanation() {
        return new SnapshotExplanation(50, 61, List.of(
                new ExplainedLine(1, "<memory-context>", ExplainedLine.Kind.FENCE, Optional.empty(), Optional.empty()),
                new ExplainedLine(2, "", ExplainedLine.Kind.BLANK, Optional.empty(), Optional.empty()),
                new ExplainedLine(3, "[decision] [auth]: \"JWT\" \\ 止损 \uD83E\uDD85", ExplainedLine.Kind.MEMORY,
                        Optional.of(new LineOrigin(Optional.of(7L), Optional.empty(), Optional.of("decision"),
                                Optional.of("user_manual"), Optional.of("auth"))),
                        Optional.of(new LinePlacement("decision", 3, 50, "decisions after user-stated entries"))),
                new ExplainedLine(4, "[fact] weekly charts", ExplainedLine.Kind.FACT,
                        Optional.of(new LineOrigin(Optional.empty(), Optional.of(9L), Optional.of("fact"),
                                Optional.of("agent_recorded"), Optional.empty())),
                        Optional.of(new LinePlacement("fact", 1, 1, "facts follow")))),
                List.of(new LeftOutEntry(new LineOrigin(Optional.of(8L), Optional.empty(), Optional.of("context"),
                        Optional.of("agent_recorded"), Optional.empty()),
                        new LinePlacement("context", 51, 50, "beyond the cap"))), 11);
    }

    @Test
    void an_explanation_comes_back_exactly_as_saved() {
        Session s = SessionStoreContract.session(SessionStoreContract.ALICE, SessionStoreContract.T0);
        sessions.save(s);

        explanations.save(s.tenant(), s.id(), explanation());

        assertThat(explanations.find(s.tenant(), s.id())).contains(explanation());
    }

    @Test
    void another_tenant_finds_nothing_and_a_session_without_one_has_none() {
        Session s = SessionStoreContract.session(SessionStoreContract.ALICE, SessionStoreContract.T0);
        Session other = SessionStoreContract.session(SessionStoreContract.ALICE, SessionStoreContract.T0);
        sessions.save(s);
        sessions.save(other);
        explanations.save(s.tenant(), s.id(), explanation());

        assertThat(explanations.find(Tenant.of("bob"), s.id())).isEmpty();
        assertThat(explanations.find(s.tenant(), other.id())).isEmpty();
    }

    @Test
    void an_explanation_goes_with_its_purged_session() {
        Session s = SessionStoreContract.session(SessionStoreContract.ALICE, SessionStoreContract.T0);
        sessions.save(s);
        explanations.save(s.tenant(), s.id(), explanation());

        sessions.purgeExpired(s.expiresAt().plusSeconds(1));

        assertThat(explanations.find(s.tenant(), s.id())).isEmpty();
    }
}
