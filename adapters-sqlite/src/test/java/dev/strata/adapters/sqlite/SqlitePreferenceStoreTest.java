package dev.strata.adapters.sqlite;

import dev.strata.domain.learning.PreferenceStore;
import dev.strata.domain.learning.PreferenceStoreContract;
import dev.strata.domain.learning.EvidenceMerge;
import dev.strata.domain.learning.LearnedPreference;
import dev.strata.domain.learning.NewPreference;
import dev.strata.domain.learning.PreferenceAction;
import dev.strata.domain.learning.PreferenceDimension;
import dev.strata.domain.learning.PreferenceFilter;
import dev.strata.domain.learning.PreferenceKind;
import dev.strata.domain.learning.PreferenceSource;
import dev.strata.domain.learning.PreferenceState;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static dev.strata.domain.learning.LearningFixtures.ALICE;
import static dev.strata.domain.learning.LearningFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SqlitePreferenceStoreTest extends PreferenceStoreContract {

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @Override
    protected PreferenceStore createStore() {
        db = TempDatabase.open(dir);
        return new SqlitePreferenceStore(db);
    }

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void the_schema_refuses_to_insert_an_active_preference() {
        assertThatThrownBy(() -> TempDatabase.execute(db, "INSERT INTO learned_preferences(tenant, dimension, content, "
                + "normalized, kind, state, evidence, source, created_at, updated_at) VALUES ('alice', 'leverage', "
                + "'2x', '2x', 'hard_constraint', 'active', 1, 'import', 'x', 'x')"))
                .hasMessageContaining("born proposed");
        assertThat(store.list(ALICE, PreferenceFilter.ALL, 10)).isEmpty();
    }

    @Test
    void the_schema_refuses_every_path_to_active_but_from_proposed() {
        LearnedPreference p = store.propose(new NewPreference(ALICE, PreferenceDimension.LEVERAGE, "2x max",
                PreferenceKind.HARD_CONSTRAINT, 3, PreferenceSource.MINED), EvidenceMerge.ADD, T0).preference();
        store.transition(ALICE, p.id(), PreferenceAction.REJECT, T0);

        assertThatThrownBy(() -> TempDatabase.execute(db, "UPDATE learned_preferences SET state = 'active' WHERE id = "
                + p.id())).hasMessageContaining("not a learned-preference transition");
        assertThat(store.find(ALICE, p.id()).orElseThrow().state()).isEqualTo(PreferenceState.REJECTED);
    }
}
