package dev.strata.adapters.sqlite;

import dev.strata.domain.graph.EdgeType;
import dev.strata.domain.graph.FinanceEntity;
import dev.strata.domain.graph.MemoryEdge;
import dev.strata.domain.role.NewRoleMemoryEntry;
import dev.strata.domain.role.RoleInputs;
import dev.strata.domain.role.RoleMemoryEntry;
import dev.strata.domain.role.RoleMemoryStore;
import dev.strata.domain.role.RoleMemoryStoreContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The role-memory contract on a real SQLite file, plus what only the file can show. */
class SqliteRoleMemoryStoreTest extends RoleMemoryStoreContract {

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @Override
    protected RoleMemoryStore createStore() {
        db = TempDatabase.open(dir);
        return new SqliteRoleMemoryStore(db);
    }

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void deleting_an_entry_purges_its_edges_its_evidence_and_its_index_rows() {
        RoleMemoryEntry saved = store.record(new NewRoleMemoryEntry(ALICE, TARGET, RoleInputs.EMPTY, "bought BTC",
                Optional.of(BTC), T0), List.of(new MemoryEdge(EdgeType.TRADED, FinanceEntity.ticker("BTC"))));
        store.addEvidence(ALICE, saved.id(), new dev.strata.domain.role.Evidence("news", "wire", "halt", T0), T0);
        assertThat(TempDatabase.column(db, "SELECT src_table FROM memory_edges")).containsExactly("role_memory");

        TempDatabase.execute(db, "DELETE FROM role_memory WHERE id = " + saved.id().value());

        assertThat(TempDatabase.column(db, "SELECT COUNT(*) FROM memory_edges")).containsExactly("0");
        assertThat(TempDatabase.column(db, "SELECT COUNT(*) FROM role_memory_evidence")).containsExactly("0");
        assertThat(store.search(ALICE, TARGET, "bought", 10)).isEmpty();
    }

    @Test
    void role_memory_edges_stay_out_of_the_memory_edge_reads() {
        store.record(new NewRoleMemoryEntry(ALICE, TARGET, RoleInputs.EMPTY, "bought BTC", Optional.of(BTC), T0),
                List.of(new MemoryEdge(EdgeType.TRADED, FinanceEntity.ticker("BTC"))));

        assertThat(new SqliteMemoryEdgeStore(db).topEntities(ALICE, Optional.empty(), 10)).isEmpty();
    }

    @Test
    void the_table_refuses_a_reflected_row_without_a_reflection_time() {
        RoleMemoryEntry saved = record("x", T0);

        assertThatThrownBy(() -> TempDatabase.execute(db, "UPDATE role_memory SET status = 'reflected' WHERE id = "
                + saved.id().value())).hasMessageContaining("CHECK");
        assertThat(store.find(ALICE, saved.id()).orElseThrow().isPending()).isTrue();
    }

    @Test
    void entries_survive_reopening_the_file() {
        RoleMemoryEntry saved = record(AWKWARD, T0);
        db.close();

        db = TempDatabase.open(dir);
        assertThat(new SqliteRoleMemoryStore(db).find(ALICE, saved.id())).contains(saved);
    }
}
