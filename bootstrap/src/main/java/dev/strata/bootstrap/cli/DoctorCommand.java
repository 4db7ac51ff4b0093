package dev.strata.bootstrap.cli;

import dev.strata.adapters.sqlite.SqliteHealthCounts;
import dev.strata.application.graph.EdgeReplay;
import dev.strata.application.learning.MethodologyService;
import dev.strata.application.retrieval.EmbeddingWorker;
import dev.strata.application.role.ReflectionReport;
import dev.strata.application.role.RoleBacklog;
import dev.strata.application.role.RoleEdgeReplay;
import dev.strata.bootstrap.StrataCore;
import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.graph.EntityCount;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Tenant;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/**
 * {@code strata doctor}: spec 01's memory-health report and its {@code --fix} maintenance pipeline.
 *
 * <p>The report (read-only): methodology graduation and quarantine counts, role memory's pending backlog
 * (pending for more than 72 hours) and its {@code reflect_pending} work (due entries and why they wait),
 * the embedding-state distribution (memories by state, role-memory entries with and without a vector),
 * edge totals per source table with each tenant's top entities. {@code --anonymous} buckets every count,
 * names tenants {@code tenant-1..n} and leaves out entity keys and waiting reasons, for safe sharing.
 *
 * <p>{@code --fix} runs the default actions ({@code embeddings}, {@code edges},
 * {@code methodology_demotion}) or those {@code --only} names; a dry run unless {@code --apply}. Each is
 * idempotent, deletes nothing and never graduates or activates anything; none calls a language model
 * except {@code reflect_pending}, which is therefore opt-in only. Every applied action writes a
 * {@code doctor.fix.<name>} audit row (in each tenant it acted on; instance-wide actions in the default
 * tenant); a dry run writes nothing.
 */
@Command(name = "doctor", mixinStandardHelpOptions = true,
        description = "Memory health report of the data directory; --fix [--only ACTIONS] [--apply] runs the "
                + "maintenance actions (embeddings, edges, methodology_demotion; reflect_pending opt-in).")
public final class DoctorCommand implements Callable<Integer> {

    /** Spec 01's backlog age: pending for longer than this is worth a look. */
    static final Duration BACKLOG_AGE = Duration.ofHours(72);
    static final String REFLECT_PENDING = "reflect_pending";
    private static final int TOP_ENTITIES = 3;

    /** The --fix actions, by spec 01's names. */
    enum Action {
        EMBEDDINGS, EDGES, METHODOLOGY_DEMOTION, REFLECT_PENDING;

        static final List<Action> DEFAULTS = List.of(EMBEDDINGS, EDGES, METHODOLOGY_DEMOTION);

        String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }

        static Optional<Action> parse(String raw) {
            return Arrays.stream(values()).filter(a -> a.wireName().equals(raw.strip())).findFirst();
        }
    }

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    KeysCommand.DataDir dataDir;

    @Option(names = "--fix", description = "Run the maintenance actions (the default set, or --only); a dry run "
            + "unless --apply.")
    boolean fix;

    @Option(names = "--only", paramLabel = "ACTIONS", description = "Comma-separated actions --fix runs: embeddings, "
            + "edges, methodology_demotion, reflect_pending (calls the model; never in the default set).")
    String only;

    @Option(names = "--apply", description = "With --fix: do it (without: say what would be done).")
    boolean apply;

    @Option(names = "--anonymous", description = "Bucket every count and hide tenant names, entity keys and "
            + "waiting reasons, for sharing the report.")
    boolean anonymous;

    @Override
    public Integer call() {
        if ((only != null || apply) && !fix) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--only and --apply go with --fix");
        }
        List<Action> actions = fix ? actions() : List.of();
        boolean embeds = apply && actions.contains(Action.EMBEDDINGS);
        PrintWriter out = spec.commandLine().getOut();
        try (StrataCore core = StrataCore.open(dataDir.settings(embeds), Clock.systemUTC())) {
            SqliteHealthCounts counts = new SqliteHealthCounts(core.database());
            Names names = new Names(anonymous);
            List<RoleBacklog.Row> backlog = core.role().backlog().rows(BACKLOG_AGE);
            out.println("memory health" + (anonymous ? " (anonymous: counts bucketed)" : ""));
            methodologies(out, counts, names);
            roleMemory(out, core, backlog, names);
            embeddings(out, counts, names);
            edges(out, core, counts, names);
            for (Action action : actions) {
                new Fix(out, core, counts, backlog).run(action);
            }
            out.flush();
            return 0;
        }
    }

    private List<Action> actions() {
        if (only == null) {
            return Action.DEFAULTS;
        }
        Set<Action> chosen = new LinkedHashSet<>();
        for (String raw : only.split(",")) {
            chosen.add(Action.parse(raw).orElseThrow(() -> new CommandLine.ParameterException(spec.commandLine(),
                    "--only: unknown action '" + raw.strip() + "'; known: " + Arrays.stream(Action.values())
                            .map(Action::wireName).collect(Collectors.joining(", ")))));
        }
        return List.copyOf(chosen);
    }

    private static void methodologies(PrintWriter out, SqliteHealthCounts counts, Names names) {
        List<SqliteHealthCounts.MethodologyCounts> rows = counts.methodologies();
        out.printf("  methodologies: %s graduated, %s quarantined%n",
                names.count(rows.stream().mapToLong(SqliteHealthCounts.MethodologyCounts::graduated).sum()),
                names.count(rows.stream().mapToLong(SqliteHealthCounts.MethodologyCounts::quarantined).sum()));
        for (SqliteHealthCounts.MethodologyCounts r : rows) {
            out.printf("    - [%s]: %s graduated, %s quarantined%n", names.tenant(r.tenant()), names.count(r.graduated()),
                    names.count(r.quarantined()));
        }
    }

    private static void roleMemory(PrintWriter out, StrataCore core, List<RoleBacklog.Row> rows, Names names) {
        out.printf("  role memory: %d roles declared, model %s%n", core.role().registry().all().size(),
                core.llm().languageModel().isEnabled() ? "configured" : "not configured (reflections wait)");
        long due = rows.stream().mapToLong(RoleBacklog.Row::due).sum();
        out.printf("    pending: %s, older than 72h: %s%n", names.count(rows.stream().mapToLong(RoleBacklog.Row::pending)
                .sum()), names.count(rows.stream().mapToLong(RoleBacklog.Row::olderThanBacklog).sum()));
        out.printf("    %s: %s due%s%n", REFLECT_PENDING, names.count(due),
                due == 0 ? "" : " (strata doctor --fix --only reflect_pending --apply)");
        for (RoleBacklog.Row r : rows) {
            out.printf("    - %s [%s]: %s%s pending, %s older than 72h, %s due, %s expired%s%n", r.role(),
                    names.tenant(r.tenant()), r.truncated() ? "at least " : "", names.count(r.pending()),
                    names.count(r.olderThanBacklog()), names.count(r.due()), names.count(r.expired()),
                    r.reasons().isEmpty() || names.anonymous ? "" : "; waiting: " + String.join("; ", r.reasons()));
        }
    }

    private static void embeddings(PrintWriter out, SqliteHealthCounts counts, Names names) {
        Map<String, Long> states = new LinkedHashMap<>();
        for (String state : List.of("pending", "embedded", "failed", "skipped")) {
            states.put(state, 0L);
        }
        states.putAll(counts.memoryEmbeddingStates());
        SqliteHealthCounts.RoleEmbeddings roles = counts.roleMemoryEmbeddings();
        out.printf("  embeddings: memories %s; role memory %s embedded, %s without a vector%n",
                states.entrySet().stream().map(e -> e.getKey() + " " + names.count(e.getValue()))
                        .collect(Collectors.joining(", ")), names.count(roles.embedded()), names.count(roles.waiting()));
    }

    private static void edges(PrintWriter out, StrataCore core, SqliteHealthCounts counts, Names names) {
        Map<String, Long> bySource = counts.edgesBySource();
        out.printf("  edges: memories %s, role_memory %s%n", names.count(bySource.getOrDefault("memories", 0L)),
                names.count(bySource.getOrDefault("role_memory", 0L)));
        for (Tenant tenant : counts.tenantsWithMemoryEdges()) {
            if (names.anonymous) {
                out.printf("    - top entities [%s]: hidden (--anonymous)%n", names.tenant(tenant));
                continue;
            }
            List<EntityCount> top = core.memory().entities().topEntities(tenant, Optional.empty(), Optional.of(TOP_ENTITIES));
            out.printf("    - top entities [%s]: %s%n", tenant.value(), top.stream().map(e -> e.entity().key() + " ("
                    + e.entity().kind().wireName() + ", " + e.memories() + " memories)").collect(Collectors.joining(", ")));
        }
    }

    /** What the embeddings action embedded. */
    public record Embedded(long memories, long entries) {
    }

    /**
     * The embeddings action: memories pending or failed, then role-memory entries without a vector by the
     * current model; empty when embeddings are off or sqlite-vec could not load (nothing to embed with).
     */
    public static Optional<Embedded> embedBacklog(StrataCore core) {
        Optional<EmbeddingWorker> worker = core.retrieval().worker();
        if (worker.isEmpty()) {
            return Optional.empty();
        }
        long memories = worker.get().reindex(false, n -> { });
        long entries = 0;
        for (int batch = core.role().embeddings().catchUp(100); batch > 0; batch = core.role().embeddings().catchUp(100)) {
            entries += batch;
        }
        return Optional.of(new Embedded(memories, entries));
    }

    /** One --fix action, dry or applied; applied ones are audited as {@code doctor.fix.<name>}. */
    private final class Fix {
        private final PrintWriter out;
        private final StrataCore core;
        private final SqliteHealthCounts counts;
        private final List<RoleBacklog.Row> backlog;
        private final Actor actor = KeysCommand.operator();
        private final Clock clock = Clock.systemUTC();

        Fix(PrintWriter out, StrataCore core, SqliteHealthCounts counts, List<RoleBacklog.Row> backlog) {
            this.out = out;
            this.core = core;
            this.counts = counts;
            this.backlog = backlog;
        }

        void run(Action action) {
            String name = action.wireName();
            switch (action) {
                case EMBEDDINGS -> embeddings(name);
                case EDGES -> edges(name);
                case METHODOLOGY_DEMOTION -> demotion(name);
                case REFLECT_PENDING -> reflectPending();
            }
        }

        private void embeddings(String name) {
            Map<String, Long> states = counts.memoryEmbeddingStates();
            long retryable = states.getOrDefault("pending", 0L) + states.getOrDefault("failed", 0L);
            long roles = counts.roleMemoryEmbeddings().waiting();
            if (!apply) {
                out.printf("%s: dry run; --apply embeds %d pending or failed memories and %d role-memory entries "
                        + "without a vector (calls the embedding provider, never a language model)%n", name, retryable, roles);
                return;
            }
            Optional<Embedded> done = embedBacklog(core);
            if (done.isEmpty()) {
                out.printf("%s: embeddings are disabled or sqlite-vec could not load; nothing done%n", name);
                return;
            }
            audit(Tenant.DEFAULT, name, "embedded " + done.get().memories() + " memories and " + done.get().entries()
                    + " role-memory entries (every tenant)");
            out.printf("%s: embedded %d memories and %d role-memory entries%n", name, done.get().memories(),
                    done.get().entries());
        }

        private void edges(String name) {
            if (!apply) {
                out.printf("%s: dry run; --apply replays the edge extractor over every memory and role-memory entry "
                        + "(adds only missing edges, deletes none)%n", name);
                return;
            }
            EdgeReplay memories = core.memory().entities().rebuildEdges();
            RoleEdgeReplay.Result roles = core.role().edgeReplay().run();
            String detail = "replayed " + memories.memories() + " memories (" + memories.added() + " edges added) and "
                    + roles.entries() + " role-memory entries (" + roles.added() + " edges added)";
            audit(Tenant.DEFAULT, name, detail + " (every tenant)");
            out.printf("%s: %s%n", name, detail);
        }

        private void demotion(String name) {
            long graduated = counts.methodologies().stream().mapToLong(SqliteHealthCounts.MethodologyCounts::graduated).sum();
            if (!apply) {
                out.printf("%s: dry run; --apply rescores every methodology and quarantines graduated ones (%d now) "
                        + "below the demotion bar; it never graduates%n", name, graduated);
                return;
            }
            List<MethodologyService.DemotionReport> reports = core.learning().methodologies().demoteAll();
            for (MethodologyService.DemotionReport r : reports) {
                audit(r.tenant(), name, r.rescored() + " rescored, " + r.demoted() + " demoted");
                out.printf("%s: [%s] %d rescored, %d demoted%n", name, r.tenant().value(), r.rescored(), r.demoted());
            }
            if (reports.isEmpty()) {
                out.printf("%s: no methodologies%n", name);
            }
        }

        private void reflectPending() {
            if (backlog.isEmpty()) {
                out.println(REFLECT_PENDING + ": nothing pending");
                return;
            }
            if (!core.llm().languageModel().isEnabled()) {
                out.println(REFLECT_PENDING + ": no language model is configured: due entries stay pending");
            }
            if (!apply) {
                out.println(REFLECT_PENDING + ": dry run; --apply reflects the due entries above (calls the model)");
                return;
            }
            Map<Tenant, List<String>> byTenant = new LinkedHashMap<>();
            for (ReflectionReport report : core.role().triggers().reflectPending()) {
                out.printf("%s: %s [%s]: %s%n", REFLECT_PENDING, report.role(), report.tenant().value(), report.message());
                byTenant.computeIfAbsent(report.tenant(), t -> new ArrayList<>()).add(report.role() + ": " + report.message());
            }
            byTenant.forEach((tenant, lines) -> audit(tenant, REFLECT_PENDING, String.join("; ", lines)));
        }

        private void audit(Tenant tenant, String name, String detail) {
            core.access().auditLog().record(new AuditEntry(tenant, "doctor.fix." + name, "doctor", detail, actor,
                    clock.instant()));
        }
    }

    /** Tenant names and counts as printed: as they are, or anonymous (tenant-1.., bucketed counts). */
    private static final class Names {
        final boolean anonymous;
        private final Map<Tenant, String> aliases = new LinkedHashMap<>();

        Names(boolean anonymous) {
            this.anonymous = anonymous;
        }

        String tenant(Tenant tenant) {
            return anonymous ? aliases.computeIfAbsent(tenant, t -> "tenant-" + (aliases.size() + 1)) : tenant.value();
        }

        String count(long n) {
            return anonymous ? bucket(n) : Long.toString(n);
        }
    }

    /** 0, 1-9, 10-99, 100-999, ... : the order of magnitude, never the number. */
    static String bucket(long n) {
        if (n <= 0) {
            return "0";
        }
        long low = 1;
        while (low * 10 <= n) {
            low *= 10;
        }
        return low + "-" + (low * 10 - 1);
    }
}
