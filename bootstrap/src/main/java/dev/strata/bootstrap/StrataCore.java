package dev.strata.bootstrap;

import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.adapters.sqlite.SqliteSettings;
import dev.strata.application.memory.MemoryTools;
import dev.strata.application.memory.SecretSafeSearch;
import dev.strata.application.personalization.PersonalizationTools;
import dev.strata.application.tool.ToolRegistry;
import dev.strata.application.vault.VaultTools;
import dev.strata.bootstrap.access.AccessModule;
import dev.strata.bootstrap.idempotency.IdempotencyModule;
import dev.strata.bootstrap.area.AreaModule;
import dev.strata.bootstrap.area.Job;
import dev.strata.bootstrap.conversation.ConversationModule;
import dev.strata.bootstrap.fact.FactModule;
import dev.strata.bootstrap.learning.LearningModule;
import dev.strata.bootstrap.llm.LlmModule;
import dev.strata.bootstrap.memory.MemoryModule;
import dev.strata.bootstrap.personalization.PersonalizationModule;
import dev.strata.bootstrap.profile.ProfileModule;
import dev.strata.bootstrap.rebuild.RebuildModule;
import dev.strata.bootstrap.retrieval.RetrievalModule;
import dev.strata.bootstrap.role.RoleModule;
import dev.strata.bootstrap.session.SessionModule;
import dev.strata.bootstrap.storage.StorageSettings;
import dev.strata.bootstrap.trading.TradingModule;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * Every area wired on one database, without a server: the one place that knows the order in which
 * the modules need each other. {@link Strata} serves it; CLI commands, the benchmark and the
 * evaluation use it directly. Closing it stops the modules' threads, then closes the database.
 */
public final class StrataCore implements AutoCloseable {

    private final SqliteDatabase database;
    private final List<AreaModule> wired = new ArrayList<>();
    private final LlmModule llm;
    private final RetrievalModule retrieval;
    private final MemoryModule memory;
    private final FactModule fact;
    private final ProfileModule profile;
    private final PersonalizationModule personalization;
    private final SessionModule session;
    private final AccessModule access;
    private final IdempotencyModule idempotency;
    private final LearningModule learning;
    private final RoleModule role;
    private final ConversationModule conversation;
    private final TradingModule trading;
    private final RebuildModule rebuild;
    private final ToolRegistry tools;

    /** Wires the areas in dependency order; a failure closes what was wired, not the database. */
    private StrataCore(SqliteDatabase db, StrataSettings s, Clock clock) {
        this.database = db;
        try {
            // First: the vault's scrubber is what every area that stores text redacts secrets with.
            access = add(AccessModule.wire(db, s.vault(), s.storage().dataDir(), clock));
            llm = add(LlmModule.wire(db, s.llm(), clock));
            retrieval = add(RetrievalModule.wire(db, s.search(), s.embedding(), clock));
            memory = add(MemoryModule.wire(db, s.memory(), retrieval, access, clock));
            fact = add(FactModule.wire(db, s.facts(), llm, memory, retrieval, access, clock));
            profile = add(ProfileModule.wire(db, access, clock));
            personalization = add(PersonalizationModule.wire(db, s.personalization(), memory, profile, llm,
                    access, clock));
            // Before sessions and learning: a session started with skills holds the lessons of the roles they own,
            // and a compiled page's Timeline holds the asset's reflected decisions.
            role = add(RoleModule.wire(db, s.roles(), s.storage().dataDir(), llm, retrieval, access, clock));
            session = add(SessionModule.wire(db, s.workspace(), s.sessions(), memory, profile, fact, access,
                    personalization, role.sessionLessons(), clock));
            idempotency = add(IdempotencyModule.wire(db, clock));
            learning = add(LearningModule.wire(db, s.learning(), llm, memory, role.decisionTimeline(), access,
                    clock));
            conversation = add(ConversationModule.wire(db, s.conversation(), memory, access, clock));
            trading = add(TradingModule.wire(db, s.trading(), learning, access, clock));
            rebuild = add(RebuildModule.wire(db, s.rebuild(), llm, memory, personalization, conversation, trading,
                    learning, clock));
            SecretSafeSearch search = new SecretSafeSearch(memory.memories(), access.vault().scrubber());
            tools = ToolRegistry.builder()
                    .add(MemoryTools.definitions(memory.memories(), search, fact.facts()))
                    .add(VaultTools.definitions(access.vault()))
                    .add(learning.tools())
                    .add(role.tools())
                    .add(PersonalizationTools.definitions(personalization.personalization(), search))
                    .add(trading.tools())
                    .build();
        } catch (RuntimeException e) {
            closeModules();
            throw e;
        }
    }

    /** Opens the database of {@code settings} and wires every area on it. */
    public static StrataCore open(StrataSettings settings, Clock clock) {
        SqliteDatabase db = openDatabase(settings, clock);
        try {
            return new StrataCore(db, settings, clock);
        } catch (RuntimeException e) {
            db.close();
            throw e;
        }
    }

    /** The database, with sqlite-vec in every connection unless embeddings are disabled. */
    private static SqliteDatabase openDatabase(StrataSettings settings, Clock clock) {
        StorageSettings storage = settings.storage();
        // SqliteSettings also carries search's keyword bound and compaction, which the database never reads.
        SqliteSettings sqlite = new SqliteSettings(storage.poolSize(), storage.busyTimeout(), storage.synchronous(),
                settings.search().keywordCandidates(), settings.search().indexCompactionInterval(),
                settings.search().indexCompactionGrowthPercent());
        return RetrievalModule.vectorExtension(settings.embedding())
                .map(vec -> SqliteDatabase.open(storage.databaseFile(), sqlite, clock, vec))
                .orElseGet(() -> SqliteDatabase.open(storage.databaseFile(), sqlite, clock));
    }

    private <M extends AreaModule> M add(M module) {
        wired.add(module);
        return module;
    }

    public SqliteDatabase database() {
        return database;
    }

    public LlmModule llm() {
        return llm;
    }

    public RetrievalModule retrieval() {
        return retrieval;
    }

    public MemoryModule memory() {
        return memory;
    }

    public FactModule fact() {
        return fact;
    }

    public ProfileModule profile() {
        return profile;
    }

    public PersonalizationModule personalization() {
        return personalization;
    }

    public SessionModule session() {
        return session;
    }

    public AccessModule access() {
        return access;
    }

    /** The {@code Idempotency-Key} service of every front end. */
    public IdempotencyModule idempotency() {
        return idempotency;
    }

    public LearningModule learning() {
        return learning;
    }

    public RoleModule role() {
        return role;
    }

    public ConversationModule conversation() {
        return conversation;
    }

    public TradingModule trading() {
        return trading;
    }

    public RebuildModule rebuild() {
        return rebuild;
    }

    /**
     * Every agent tool every area declares, the one registry all front ends serve ({@code /v1/tools},
     * {@code /mcp}, {@code strata mcp}) and an embedder calls directly: their rules live here, not in a transport.
     */
    public ToolRegistry tools() {
        return tools;
    }

    /** Every area's background jobs, for the server to schedule. */
    public List<Job> jobs() {
        return wired.stream().flatMap(module -> module.jobs().stream()).toList();
    }

    /** Stops the modules in the reverse of their wiring order, then closes the database. */
    @Override
    public void close() {
        closeModules();
        database.close();
    }

    private void closeModules() {
        for (AreaModule module : wired.reversed()) {
            module.close();
        }
        wired.clear();
    }
}
