package dev.strata.adapters.sqlite;

import dev.strata.domain.conversation.ConversationStore;
import dev.strata.domain.conversation.ConversationStoreContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

class SqliteConversationStoreTest extends ConversationStoreContract {

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @Override
    protected ConversationStore createStore() {
        db = TempDatabase.open(dir);
        return new SqliteConversationStore(db);
    }

    @AfterEach
    void close() {
        db.close();
    }
}
