package dev.strata.bootstrap.conversation;

import dev.strata.adapters.sqlite.SqliteConversationStore;
import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.application.conversation.ConversationService;
import dev.strata.bootstrap.area.AreaModule;
import dev.strata.bootstrap.area.Job;
import dev.strata.bootstrap.memory.MemoryModule;
import dev.strata.domain.conversation.ConversationStore;
import dev.strata.bootstrap.access.AccessModule;

import java.time.Clock;
import java.util.List;

/** Conversations handed to Strata: the store, the use cases (memory limits apply) and the retention purge. */
public final class ConversationModule implements AreaModule {

    private final ConversationStore store;
    private final ConversationService conversations;
    private final List<Job> jobs;

    private ConversationModule(ConversationStore store, ConversationService conversations, List<Job> jobs) {
        this.store = store;
        this.conversations = conversations;
        this.jobs = List.copyOf(jobs);
    }

    public static ConversationModule wire(SqliteDatabase db, ConversationSettings settings, MemoryModule memory,
                                          AccessModule access, Clock clock) {
        SqliteConversationStore store = new SqliteConversationStore(db);
        ConversationService conversations = new ConversationService(store, access.auditLog(), clock,
                memory.memories().limits(), settings.retention(), access.secrets());
        // Without retention there is nothing to purge, so there is no job.
        List<Job> jobs = settings.retention().isEmpty() ? List.of()
                : List.of(Job.every(settings.purgeInterval(), "purge of conversation messages past retention",
                        conversations::purgeExpired));
        return new ConversationModule(store, conversations, jobs);
    }

    public ConversationService conversations() {
        return conversations;
    }

    /** The store the memory rebuild reads chat lines from. */
    public ConversationStore store() {
        return store;
    }

    @Override
    public List<Job> jobs() {
        return jobs;
    }
}
