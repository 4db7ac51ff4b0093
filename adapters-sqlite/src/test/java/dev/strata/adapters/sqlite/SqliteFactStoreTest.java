package dev.strata.adapters.sqlite;

import dev.strata.domain.fact.Fact;
import dev.strata.domain.fact.FactStatus;
import dev.strata.domain.fact.FactStore;
import dev.strata.domain.fact.FactStoreContract;
import dev.strata.domain.fact.FactTransition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SqliteFactStoreTest extends FactStoreContract {

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @Override
    protected FactStore createStore() {
        db = TempDatabase.open(dir);
        return new SqliteFactStore(db);
    }

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void the_schema_refuses_to_delete_a_fact() {
        Fact fact = record(ALICE, "prefers weekly charts", T0);

        assertThatThrownBy(() -> TempDatabase.execute(db, "DELETE FROM facts WHERE id = " + fact.id()))
                .hasMessageContaining("facts are retired, never deleted");
        assertThat(store.find(ALICE, fact.id())).isPresent();
    }

    @Test
    void the_schema_refuses_to_revive_a_retired_fact() {
        Fact fact = record(ALICE, "prefers weekly charts", T0);
        store.apply(ALICE, List.of(FactTransition.retire(fact.id(), FactStatus.PENDING, Optional.empty(), "gone")),
                Optional.empty(), T0);

        assertThatThrownBy(() -> TempDatabase.execute(db, "UPDATE facts SET status = 'active' WHERE id = " + fact.id()))
                .hasMessageContaining("a retired fact stays retired");
    }

    @Test
    void similarity_is_ranked_by_the_fact_index_with_stemming() {
        Fact charts = record(ALICE, "prefers weekly charting", T0);
        Fact other = record(ALICE, "prefers BTC", T0);
        store.apply(ALICE, List.of(FactTransition.activate(charts.id(), "a"), FactTransition.activate(other.id(), "b")),
                Optional.empty(), T0);

        assertThat(store.searchActive(ALICE, "preferred weekly charts", 5)).extracting(Fact::id)
                .containsExactly(charts.id(), other.id());
        assertThat(store.searchActive(ALICE, "\"weekly\" OR NOT (", 5)).as("operators in text are just words")
                .extracting(Fact::id).containsExactly(charts.id());
    }

    @Test
    void status_changes_leave_the_index_alone() {
        Fact fact = record(ALICE, "prefers weekly charts", T0);
        store.apply(ALICE, List.of(FactTransition.activate(fact.id(), "a")), Optional.empty(), T0);

        assertThat(TempDatabase.column(db, "SELECT rowid FROM facts_fts WHERE facts_fts MATCH 'weekly'"))
                .containsExactly(String.valueOf(fact.id().value()));
        assertThat(TempDatabase.column(db, "SELECT COUNT(*) FROM facts_fts")).containsExactly("1");
    }
}
