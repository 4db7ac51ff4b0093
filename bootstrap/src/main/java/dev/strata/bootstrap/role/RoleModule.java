package dev.strata.bootstrap.role;

import dev.strata.adapters.http.feed.CallbackClient;
import dev.strata.adapters.http.feed.HttpEvidenceSource;
import dev.strata.adapters.http.feed.HttpOutcomeProbe;
import dev.strata.adapters.http.feed.HttpPriceFeed;
import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.adapters.sqlite.SqlitePricePointStore;
import dev.strata.adapters.sqlite.SqliteRoleMemoryStore;
import dev.strata.adapters.workspace.role.RoleFiles;
import dev.strata.application.role.FallbackPriceFeed;
import dev.strata.application.role.PriceService;
import dev.strata.application.role.RoleEmbeddings;
import dev.strata.application.role.RoleMemoryService;
import dev.strata.application.role.RoleProbes;
import dev.strata.application.role.RoleRecall;
import dev.strata.application.role.RoleReflector;
import dev.strata.application.learning.DecisionTimeline;
import dev.strata.application.role.RoleBacklog;
import dev.strata.application.role.DecisionEdges;
import dev.strata.application.role.RoleEdgeReplay;
import dev.strata.application.role.RoleLessonsBlock;
import dev.strata.application.role.RoleTimeline;
import dev.strata.application.role.RoleTools;
import dev.strata.application.session.SessionLessons;
import dev.strata.application.role.RoleTriggers;
import dev.strata.application.role.StoredPriceFeed;
import dev.strata.application.tool.ToolDefinition;
import dev.strata.bootstrap.access.AccessModule;
import dev.strata.bootstrap.area.AreaModule;
import dev.strata.bootstrap.area.Job;
import dev.strata.bootstrap.llm.LlmModule;
import dev.strata.bootstrap.retrieval.RetrievalModule;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.graph.EdgeExtractor;
import dev.strata.domain.graph.FinanceEntityExtractor;
import dev.strata.domain.role.PriceFeed;
import dev.strata.domain.role.ProbeRegistry;
import dev.strata.domain.role.RoleRegistry;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * Role memory (spec 05): the roles declared in the role files, their decisions, the reflector that turns
 * measured outcomes into lessons, recall, pushed prices and the triggers. A bad role file stops start
 * (its {@code RoleFileException} names the file and the field in one line). The reflector gets the
 * budgeted model, so its calls are charged to the {@code learning} category.
 */
public final class RoleModule implements AreaModule {

    private static final Logger LOG = Logger.getLogger(RoleModule.class.getName());
    private static final Duration PRICE_PURGE_INTERVAL = Duration.ofDays(1);
    private static final int EMBEDDING_CATCH_UP_BATCH = 100;

    private final RoleRegistry registry;
    private final RoleMemoryService roles;
    private final RoleReflector reflector;
    private final RoleTriggers triggers;
    private final PriceService prices;
    private final RoleEmbeddings embeddings;
    private final List<Job> jobs;
    private final List<ExecutorService> executors;
    private final RoleLessonsBlock lessons;
    private final RoleBacklog backlog;
    private final RoleEdgeReplay edgeReplay;

    private RoleModule(RoleRegistry registry, RoleMemoryService roles, RoleReflector reflector, RoleTriggers triggers,
                       PriceService prices, RoleEmbeddings embeddings, List<Job> jobs, List<ExecutorService> executors,
                       RoleLessonsBlock lessons, RoleBacklog backlog, RoleEdgeReplay edgeReplay) {
        this.edgeReplay = edgeReplay;
        this.lessons = lessons;
        this.backlog = backlog;
        this.registry = registry;
        this.roles = roles;
        this.reflector = reflector;
        this.triggers = triggers;
        this.prices = prices;
        this.embeddings = embeddings;
        this.jobs = List.copyOf(jobs);
        this.executors = List.copyOf(executors);
    }

    /**
     * @param dataDir where {@code roles/} is when {@code strata.roles.dir} is not set
     * @param access   its audit log is the one trail (secrets kept out) every role write is recorded in
     */
    public static RoleModule wire(SqliteDatabase db, RoleSettings settings, Path dataDir, LlmModule llm,
                                  RetrievalModule retrieval, AccessModule access, Clock clock) {
        RoleRegistry registry = RoleFiles.load(settings.directoryUnder(dataDir), RoleRegistry.builder()).build();
        CallbackClient client = new CallbackClient(settings.callbackTimeout());
        ProbeRegistry probes = probes(settings, client);
        probes.unresolved(registry).forEach(line -> LOG.warning("role memory: " + line));

        SqliteRoleMemoryStore store = new SqliteRoleMemoryStore(db);
        SqlitePricePointStore priceStore = new SqlitePricePointStore(db);
        AuditLog audit = access.auditLog();
        ExecutorService reflections = Executors.newFixedThreadPool(2, daemon("strata-role-reflect"));
        ExecutorService embedding = Executors.newSingleThreadExecutor(daemon("strata-role-embed"));
        try {
            // The triggers need the reflector, the reflector's feed announces fetched prices to the triggers.
            TriggerRelay relay = new TriggerRelay();
            List<PriceFeed> feeds = new ArrayList<>(2);
            feeds.add(new StoredPriceFeed(priceStore, settings.priceTolerance()));
            settings.priceUrl().ifPresent(url -> feeds.add(new HttpPriceFeed(client, "price endpoint", url,
                    settings.callbackToken(), settings.callbackTimeout())));
            RoleProbes roleProbes = new RoleProbes(new FallbackPriceFeed(feeds, relay::priceFetched), probes);
            RoleReflector reflector = new RoleReflector(registry, store, audit, llm.languageModel(), roleProbes, clock,
                    settings.reflectBatchSize());
            RoleTriggers triggers = new RoleTriggers(registry, store, reflector, reflections, settings.cronZone());
            relay.triggers = triggers;
            RoleMemoryService roles = new RoleMemoryService(registry, store,
                    new EdgeExtractor(new FinanceEntityExtractor()), new RoleRecall(store, retrieval.embedder()), audit,
                    clock);
            RoleEmbeddings embeddings = new RoleEmbeddings(store, retrieval.embedder(), embedding);
            roles.addListener(triggers);
            roles.addListener(embeddings);
            PriceService prices = new PriceService(priceStore, audit, clock, triggers::priceObserved);

            List<Job> jobs = new ArrayList<>(3);
            if (!registry.all().isEmpty()) {
                // The cron semantics are the domain's (five-field Unix); the scheduler only ticks.
                jobs.add(Job.every(settings.cronTick(), "role reflection cron tick",
                        () -> triggers.cronTick(clock.instant())));
                if (retrieval.embedder().isEnabled()) {
                    jobs.add(Job.every(settings.embeddingCatchUp(), "catch-up of role-memory embeddings",
                            () -> embeddings.catchUp(EMBEDDING_CATCH_UP_BATCH)));
                }
            }
            jobs.add(Job.every(PRICE_PURGE_INTERVAL, "purge of pushed prices past retention",
                    () -> priceStore.purgeBefore(clock.instant().minus(settings.priceRetention()))));
            return new RoleModule(registry, roles, reflector, triggers, prices, embeddings, jobs,
                    List.of(reflections, embedding), new RoleLessonsBlock(roles, settings.sessionLessons()),
                    new RoleBacklog(registry, store, clock),
                    new RoleEdgeReplay(store, new DecisionEdges(new EdgeExtractor(new FinanceEntityExtractor())), clock));
        } catch (RuntimeException e) {
            reflections.shutdownNow();
            embedding.shutdownNow();
            throw e;
        }
    }

    /** The configured custom probes and evidence sources, each an HTTP callback. */
    private static ProbeRegistry probes(RoleSettings settings, CallbackClient client) {
        ProbeRegistry.Builder builder = ProbeRegistry.builder();
        settings.probes().forEach((id, uri) -> builder.probe(id, new HttpOutcomeProbe(client,
                new CallbackClient.Endpoint("probe " + id, uri, settings.callbackToken(), settings.callbackTimeout()))));
        settings.sources().forEach((id, uri) -> builder.source(id, new HttpEvidenceSource(client,
                new CallbackClient.Endpoint("source " + id, uri, settings.callbackToken(), settings.callbackTimeout()))));
        return builder.build();
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        };
    }

    /** Breaks the feed → triggers → reflector → feed cycle at construction: set once, before any use. */
    private static final class TriggerRelay {
        private volatile RoleTriggers triggers;

        void priceFetched(dev.strata.domain.memory.Tenant tenant, dev.strata.domain.role.PricePoint point) {
            RoleTriggers t = triggers;
            if (t != null) {
                t.priceFetched(tenant, point);
            }
        }
    }

    public RoleRegistry registry() {
        return registry;
    }

    public RoleMemoryService roles() {
        return roles;
    }

    public RoleReflector reflector() {
        return reflector;
    }

    public RoleTriggers triggers() {
        return triggers;
    }

    public PriceService prices() {
        return prices;
    }

    public RoleEmbeddings embeddings() {
        return embeddings;
    }

    /** What the doctor reports: pending, due and expired entries per role and tenant, and why they wait. */
    public RoleBacklog backlog() {
        return backlog;
    }

    /** {@code strata edges rebuild} over the {@code role_memory} rows. */
    public RoleEdgeReplay edgeReplay() {
        return edgeReplay;
    }

    /** A session's lessons block: the recent lessons of the roles its active skills own. */
    public SessionLessons sessionLessons() {
        return lessons;
    }

    /** The reflected decisions about an asset, for a compiled page's Timeline. */
    public DecisionTimeline decisionTimeline() {
        return new RoleTimeline(roles);
    }

    /** The area's agent tools: record a decision, reflect, recall, push prices. */
    public List<ToolDefinition> tools() {
        return RoleTools.definitions(roles, reflector, prices);
    }

    /** The cron tick, the embeddings catch-up (when roles and embeddings exist) and the daily price purge. */
    @Override
    public List<Job> jobs() {
        return jobs;
    }

    @Override
    public void close() {
        for (ExecutorService executor : executors) {
            executor.shutdown();
        }
        for (ExecutorService executor : executors) {
            try {
                if (!executor.awaitTermination(5, TimeUnit.SECONDS)) {
                    executor.shutdownNow();
                }
            } catch (InterruptedException e) {
                executor.shutdownNow();
                Thread.currentThread().interrupt();
            }
        }
    }
}
