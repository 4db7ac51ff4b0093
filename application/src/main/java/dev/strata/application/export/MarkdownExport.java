package dev.strata.application.export;

import dev.strata.application.audit.AuditTrail;
import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.error.DomainException;
import dev.strata.domain.instance.InstanceIdentity;
import dev.strata.domain.learning.AssetSymbol;
import dev.strata.domain.learning.LearnedPreference;
import dev.strata.domain.learning.Methodology;
import dev.strata.domain.learning.MethodologyFilter;
import dev.strata.domain.learning.MethodologyStore;
import dev.strata.domain.learning.PreferenceFilter;
import dev.strata.domain.learning.PreferenceState;
import dev.strata.domain.learning.PreferenceStore;
import dev.strata.domain.learning.Trade;
import dev.strata.domain.learning.TradeStore;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.role.Asset;
import dev.strata.domain.role.Evidence;
import dev.strata.domain.role.RoleMemoryEntry;
import dev.strata.domain.role.RoleMemoryStore;
import dev.strata.domain.role.RoleRegistry;
import dev.strata.domain.vault.CredentialScrubber;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;

/**
 * spec 01's {@code memory export}: one tenant's learned memory as markdown.
 *
 * <pre>
 * index.md                               toc + schema_version + instance_id
 * methodologies/&lt;asset_class&gt;/&lt;id&gt;.md   frontmatter + body
 * preferences/&lt;dimension&gt;/&lt;id&gt;.md       one file per active preference
 * preferences/README.md                  the constraint-exclusion banner
 * trade-cases/&lt;id&gt;.md                    one file per reflected role_memory row
 * assets/&lt;TICKER&gt;.md                      compiled-page snapshots
 * signature.txt                          with sign: HMAC-SHA256 per file
 * </pre>
 *
 * Every file's text goes through the tenant's secret scrubbing ({@link CredentialScrubber#redactFor}) before
 * it is signed, so a secret copied into a methodology or a decision never reaches the disk, and the
 * signature covers exactly the bytes written. Hard constraints are left out unless asked for, from their
 * own files and from the asset pages. Entries of removed roles are not surfaced here either. The export
 * is read-only apart from one {@code memory.export} audit row (and the instance key, made on first use).
 */
public final class MarkdownExport {

    /** Rows read per kind; a tenant with more is told so in the index rather than read without bound. */
    static final int MAX_ROWS = 100_000;
    static final String SIGNATURE = "signature.txt";

    private final MethodologyStore methodologies;
    private final PreferenceStore preferences;
    private final TradeStore trades;
    private final RoleMemoryStore roles;
    private final RoleRegistry registry;
    private final AssetPages pages;
    private final InstanceIdentity instance;
    private final CredentialScrubber scrubber;
    private final AuditTrail audit;
    private final Clock clock;

    public MarkdownExport(MethodologyStore methodologies, PreferenceStore preferences, TradeStore trades,
                          RoleMemoryStore roles, RoleRegistry registry, AssetPages pages, InstanceIdentity instance,
                          CredentialScrubber scrubber, AuditLog audit, Clock clock) {
        this.methodologies = Objects.requireNonNull(methodologies, "methodologies");
        this.preferences = Objects.requireNonNull(preferences, "preferences");
        this.trades = Objects.requireNonNull(trades, "trades");
        this.roles = Objects.requireNonNull(roles, "roles");
        this.registry = Objects.requireNonNull(registry, "registry");
        this.pages = Objects.requireNonNull(pages, "pages");
        this.instance = Objects.requireNonNull(instance, "instance");
        this.scrubber = Objects.requireNonNull(scrubber, "scrubber");
        this.audit = new AuditTrail(audit);
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    public ExportBundle export(Tenant tenant, ExportOptions options, Actor actor) {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(actor, "actor");
        Instant now = clock.instant();
        Header header = new Header(instance.instanceId(), instance.schemaVersion());
        Toc toc = new Toc();
        List<ExportFile> body = new ArrayList<>();

        List<Methodology> ms = methodologies.list(tenant, MethodologyFilter.ALL, MAX_ROWS).stream()
                .sorted(Comparator.comparing((Methodology m) -> m.assetClass().wireName()).thenComparing(m -> m.id().value()))
                .toList();
        toc.truncated("methodologies", ms.size() >= MAX_ROWS);
        for (Methodology m : ms) {
            String path = "methodologies/" + m.assetClass().wireName() + "/" + m.id().value() + ".md";
            body.add(file(tenant, path, methodology(m, header)));
            toc.methodologies.add("- [" + m.assetClass().wireName() + " / " + m.id().value() + ": "
                    + Markdown.inline(m.title()) + "](" + path + ")" + (m.quarantined() ? " (quarantined)" : ""));
        }

        List<LearnedPreference> active = preferences.list(tenant, PreferenceFilter.inState(PreferenceState.ACTIVE),
                MAX_ROWS).stream().sorted(Comparator.comparing((LearnedPreference p) -> p.dimension().wireName())
                .thenComparing(p -> p.id().value())).toList();
        toc.truncated("preferences", active.size() >= MAX_ROWS);
        int leftOut = 0;
        List<ExportFile> prefFiles = new ArrayList<>();
        for (LearnedPreference p : active) {
            if (p.hardConstraint() && !options.includeConstraints()) {
                leftOut++;
                continue;
            }
            String path = "preferences/" + p.dimension().wireName() + "/" + p.id().value() + ".md";
            prefFiles.add(file(tenant, path, preference(p, header)));
            toc.preferences.add("- [" + p.dimension().wireName() + " / " + p.id().value() + ": "
                    + Markdown.inline(p.content()) + "](" + path + ")");
        }
        body.add(file(tenant, "preferences/README.md", preferencesReadme(prefFiles.size(), leftOut, options, header)));
        body.addAll(prefFiles);

        TreeSet<String> assets = new TreeSet<>();
        int cases = 0;
        long after = 0;
        List<RoleMemoryEntry> page;
        do {
            page = roles.reflected(tenant, after, 500);
            for (RoleMemoryEntry e : page) {
                after = e.id().value();
                if (!registry.contains(e.role())) {
                    continue;
                }
                String path = "trade-cases/" + e.id().value() + ".md";
                body.add(file(tenant, path, tradeCase(e, header)));
                toc.cases.add("- [" + e.id().value() + ": " + e.role().value() + e.asset().map(a -> " on " + a.symbol())
                        .orElse("") + ", " + e.reflection().orElseThrow().classification().wireName() + "](" + path + ")");
                e.asset().map(Asset::symbol).flatMap(MarkdownExport::pageKey).ifPresent(assets::add);
                cases++;
            }
        } while (!page.isEmpty() && cases < MAX_ROWS);
        toc.truncated("trade cases", cases >= MAX_ROWS);

        List<Trade> recent = trades.listTrades(tenant, Optional.empty(), MAX_ROWS);
        recent.forEach(t -> assets.add(t.asset().key()));
        int assetPages = 0;
        Optional<String> pagesMissing = Optional.empty();
        for (String asset : assets) {
            try {
                String markdown = pages.page(tenant, asset, options.includeConstraints());
                String path = "assets/" + asset + ".md";
                body.add(file(tenant, path, assetPage(asset, markdown, options, header)));
                toc.assets.add("- [" + asset + "](" + path + ")");
                assetPages++;
            } catch (DomainException e) {
                pagesMissing = Optional.of(e.getMessage());
            }
        }

        List<ExportFile> files = new ArrayList<>();
        files.add(file(tenant, "index.md", index(tenant, now, options, header, toc, leftOut, pagesMissing)));
        files.addAll(body);
        if (options.sign()) {
            files.add(signature(files, header));
        }
        audit.record(new AuditEntry(tenant, "memory.export", "export:" + header.instanceId(), files.size() + " files, "
                + ms.size() + " methodologies, " + prefFiles.size() + " preferences, " + cases + " trade cases, "
                + assetPages + " asset pages; hard constraints " + (options.includeConstraints() ? "included" : "excluded")
                + (options.sign() ? "; signed" : ""), actor, now));
        return new ExportBundle(files, ms.size(), prefFiles.size(), leftOut, cases, assetPages, header.instanceId());
    }

    /** The key an asset page is filed under, when the role's asset is one a page can be about. */
    private static Optional<String> pageKey(String symbol) {
        try {
            return Optional.of(AssetSymbol.parse("asset", symbol).key());
        } catch (DomainException notAPageAsset) {
            return Optional.empty();
        }
    }

    private ExportFile file(Tenant tenant, String path, String text) {
        return new ExportFile(path, scrubber.redactFor(tenant, text));
    }

    private record Header(String instanceId, int schemaVersion) {
        void into(Map<String, Object> fields) {
            fields.put("instance_id", instanceId);
            fields.put("schema_version", schemaVersion);
        }
    }

    private static final class Toc {
        final List<String> methodologies = new ArrayList<>();
        final List<String> preferences = new ArrayList<>();
        final List<String> cases = new ArrayList<>();
        final List<String> assets = new ArrayList<>();
        final List<String> truncated = new ArrayList<>();

        void truncated(String what, boolean cut) {
            if (cut) {
                truncated.add(what);
            }
        }
    }

    private static String index(Tenant tenant, Instant now, ExportOptions options, Header header, Toc toc, int leftOut,
                                Optional<String> pagesMissing) {
        Map<String, Object> f = Markdown.fields();
        f.put("kind", "strata_export");
        header.into(f);
        f.put("tenant", tenant.value());
        f.put("exported_at", now.toString());
        f.put("hard_constraints", options.includeConstraints() ? "included" : "excluded");
        f.put("signed", options.sign());
        StringBuilder out = new StringBuilder(Markdown.frontmatter(f));
        out.append("# Strata memory export\n\nTenant `").append(tenant.value()).append("`, exported ").append(now)
                .append(", schema version ").append(header.schemaVersion()).append(", instance ")
                .append(header.instanceId()).append(".\n");
        section(out, "Methodologies", toc.methodologies, "");
        section(out, "Preferences", toc.preferences, "Active preferences only; see [preferences/README.md]"
                + "(preferences/README.md)" + (leftOut > 0 ? " (" + leftOut + " hard constraints left out)" : "") + ".");
        section(out, "Trade cases", toc.cases, "One file per reflected role-memory decision.");
        section(out, "Assets", toc.assets, "Compiled-page snapshots" + (options.includeConstraints() ? ""
                : ", hard constraints left out") + pagesMissing.map(m -> "; some pages could not be compiled: "
                + Markdown.inline(m)).orElse("") + ".");
        if (!toc.truncated.isEmpty()) {
            out.append("\nCut at ").append(MAX_ROWS).append(" rows: ").append(String.join(", ", toc.truncated)).append(".\n");
        }
        if (options.sign()) {
            out.append("\nSigned: [signature.txt](signature.txt) holds an HMAC-SHA256 of every other file.\n");
        }
        return out.toString();
    }

    private static void section(StringBuilder out, String title, List<String> lines, String note) {
        out.append("\n## ").append(title).append(" (").append(lines.size()).append(")\n\n");
        if (!note.isEmpty()) {
            out.append(note).append("\n\n");
        }
        lines.forEach(l -> out.append(l).append('\n'));
        if (lines.isEmpty()) {
            out.append("(none)\n");
        }
    }

    private static String methodology(Methodology m, Header header) {
        Map<String, Object> f = Markdown.fields();
        f.put("kind", "methodology");
        f.put("id", m.id().value());
        f.put("asset_class", m.assetClass().wireName());
        f.put("state", m.quarantined() ? "quarantined" : "graduated");
        f.put("confidence", m.confidence());
        f.put("successes", m.successes());
        f.put("times_used", m.uses());
        f.put("provenance", m.provenance().wireName());
        f.put("created_at", m.createdAt().toString());
        f.put("updated_at", m.updatedAt().toString());
        header.into(f);
        return Markdown.frontmatter(f) + "# " + Markdown.inline(m.title()) + "\n\n" + m.body().strip() + "\n";
    }

    private static String preference(LearnedPreference p, Header header) {
        Map<String, Object> f = Markdown.fields();
        f.put("kind", "preference");
        f.put("id", p.id().value());
        f.put("dimension", p.dimension().wireName());
        f.put("preference_kind", p.kind().wireName());
        f.put("state", p.state().wireName());
        f.put("evidence", p.evidence());
        f.put("source", p.source().wireName());
        f.put("created_at", p.createdAt().toString());
        f.put("updated_at", p.updatedAt().toString());
        header.into(f);
        return Markdown.frontmatter(f) + "\n" + p.content().strip() + "\n";
    }

    private static String preferencesReadme(int exported, int leftOut, ExportOptions options, Header header) {
        Map<String, Object> f = Markdown.fields();
        f.put("kind", "preferences_readme");
        f.put("hard_constraints", options.includeConstraints() ? "included" : "excluded");
        f.put("exported", exported);
        f.put("hard_constraints_left_out", leftOut);
        header.into(f);
        String banner = options.includeConstraints()
                ? "Hard constraints are INCLUDED in this export (--include-constraints): they are user-specific risk "
                + "caps; share this tree only with whoever may know them."
                : "Hard constraints are EXCLUDED from this export (" + leftOut + " left out), here and on the asset "
                + "pages: they are user-specific risk caps and a one-way leak once shared. Export again with "
                + "--include-constraints to include them.";
        return Markdown.frontmatter(f) + "# Preferences\n\n> " + banner + "\n\nOne file per active preference, "
                + "under its dimension: `preferences/<dimension>/<id>.md`.\n";
    }

    private static String tradeCase(RoleMemoryEntry e, Header header) {
        var reflection = e.reflection().orElseThrow();
        Map<String, Object> f = Markdown.fields();
        f.put("kind", "trade_case");
        f.put("id", e.id().value());
        f.put("role", e.role().value());
        e.asset().ifPresent(a -> f.put("asset", a.symbol()));
        f.put("status", e.status().wireName());
        f.put("classification", reflection.classification().wireName());
        f.put("created_at", e.createdAt().toString());
        f.put("reflected_at", reflection.reflectedAt().toString());
        f.put("reflection_model", reflection.model());
        e.outcome().flatMap(o -> o.changePercent()).ifPresent(c -> f.put("outcome_change_percent", c.toPlainString()));
        e.outcome().ifPresent(o -> f.put("outcome_source", o.source()));
        header.into(f);
        StringBuilder out = new StringBuilder(Markdown.frontmatter(f));
        out.append("# Decision ").append(e.id().value()).append(": ").append(e.role().value())
                .append(e.asset().map(a -> " on " + a.symbol()).orElse("")).append("\n\n## Decision\n\n")
                .append(e.decision().strip()).append("\n\n## Inputs\n\n").append(Markdown.fenced("json", e.inputs().json()));
        e.outcome().ifPresent(o -> out.append("\n## Outcome\n\n").append(o.summary().strip()).append("\n\nMeasured ")
                .append(o.measuredAt()).append(" by ").append(o.source())
                .append(o.changePercent().map(c -> ", change " + c.toPlainString() + "%").orElse("")).append(".\n"));
        if (!e.evidence().isEmpty()) {
            out.append("\n## Evidence\n\n");
            for (Evidence ev : e.evidence()) {
                out.append("- ").append(ev.kind()).append(" (").append(ev.source()).append(", ").append(ev.at())
                        .append("): ").append(Markdown.inline(ev.text())).append('\n');
            }
        }
        out.append("\n## Reflection\n\nClassified `").append(reflection.classification().wireName()).append("`.\n\n")
                .append(reflection.narrative().strip()).append('\n');
        reflection.lesson().ifPresent(l -> out.append("\n## Lesson\n\n").append(l.strip()).append('\n'));
        return out.toString();
    }

    private static String assetPage(String asset, String markdown, ExportOptions options, Header header) {
        Map<String, Object> f = Markdown.fields();
        f.put("kind", "asset_page");
        f.put("asset", asset);
        f.put("hard_constraints", options.includeConstraints() ? "included" : "excluded");
        header.into(f);
        return Markdown.frontmatter(f) + markdown + (markdown.endsWith("\n") ? "" : "\n");
    }

    /**
     * One line per file: the HMAC-SHA256 of {@code <path>\n<text>} (the path is signed too, so two files
     * cannot be swapped) and the path, in writing order.
     */
    private ExportFile signature(List<ExportFile> files, Header header) {
        StringBuilder out = new StringBuilder("# strata export signature\nalgorithm: HMAC-SHA256 over <path>\\n<text>"
                + " (UTF-8)\ninstance_id: " + header.instanceId() + "\nschema_version: " + header.schemaVersion()
                + "\nfiles: " + files.size() + "\n\n");
        for (ExportFile file : files) {
            out.append(sign(file)).append("  ").append(file.path()).append('\n');
        }
        return new ExportFile(SIGNATURE, out.toString());
    }

    /** The signature of one exported file, as {@code signature.txt} lists it. */
    public String sign(ExportFile file) {
        return instance.sign((file.path() + "\n" + file.text()).getBytes(StandardCharsets.UTF_8));
    }
}
