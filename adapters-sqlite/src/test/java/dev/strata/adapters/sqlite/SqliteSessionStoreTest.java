package dev.strata.adapters.sqlite;

import dev.strata.domain.error.ConflictException;
import dev.strata.domain.session.Session;
import dev.strata.domain.session.SessionStore;
import dev.strata.domain.session.SessionStoreContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The session contract on a real SQLite file, plus what only a file can show. */
class SqliteSessionStoreTest extends SessionStoreContract {

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @Override
    protected SessionStore createStore() {
        db = TempDatabase.open(dir);
        return new SqliteSessionStore(db);
    }

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void a_session_survives_reopening_the_file_and_its_prompt_is_readable_in_the_shell() {
        Session saved = session(ALICE, T0);
        store.save(saved);
        db.close();

        db = TempDatabase.open(dir);
        SessionStore reopened = new SqliteSessionStore(db);

        assertThat(reopened.find(ALICE, saved.id(), T0)).contains(saved);
        assertThat(TempDatabase.column(db, "SELECT prompt FROM sessions")).containsExactly(saved.prompt());
    }

    @Test
    void a_duplicate_id_is_a_conflict() {
        Session saved = session(ALICE, T0);
        store.save(saved);

        assertThatThrownBy(() -> store.save(saved)).isInstanceOf(ConflictException.class);
    }
}
