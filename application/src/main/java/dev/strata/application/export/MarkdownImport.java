package dev.strata.application.export;

import dev.strata.application.audit.AuditTrail;
import dev.strata.application.learning.MethodologyDraft;
import dev.strata.application.learning.MethodologyService;
import dev.strata.application.learning.PreferenceService;
import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.error.ConflictException;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.instance.InstanceIdentity;
import dev.strata.domain.learning.AssetClass;
import dev.strata.domain.learning.LearnedPreference;
import dev.strata.domain.learning.MethodologyStore;
import dev.strata.domain.learning.NewMethodology;
import dev.strata.domain.learning.NewPreference;
import dev.strata.domain.learning.PreferenceDimension;
import dev.strata.domain.learning.PreferenceKind;
import dev.strata.domain.learning.PreferenceSource;
import dev.strata.domain.learning.PreferenceState;
import dev.strata.domain.learning.PreferenceStore;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.safety.InjectionFinding;
import dev.strata.domain.safety.PromptInjectionScanner;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * spec 01's {@code memory import}: a tree {@link MarkdownExport} wrote comes back through two channels.
 *
 * <ul>
 *   <li><b>A (signed)</b>: {@code signature.txt} names this instance, {@code index.md} verifies and names the
 *       target tenant, and the file's own HMAC verifies. A methodology keeps its confidence, counts and
 *       quarantine; a preference exported {@code active} is proposed and approved.</li>
 *   <li><b>B (unsigned, or any file that fails verification)</b>: a methodology is created quarantined at the
 *       initial confidence (a dedup match keeps the existing row's stats); a preference lands
 *       {@code proposed}. One tampered file degrades to B alone.</li>
 * </ul>
 *
 * A {@code hard_constraint} preference is refused on both channels unless the operator asked for it and
 * the process is interactive, and even then it only lands {@code proposed}: a person approves it. Every
 * file is checked first: its kind, asset class or dimension (the live enums, and the directory it sits
 * in), its schema version (not newer than this database) and a prompt-injection scan of its text; a
 * failure rejects that file only. Applied, every considered file writes one audit row,
 * {@code memory_import.signed} or {@code memory_import.unsigned}, rejected ones included; a dry run
 * writes nothing at all.
 */
public final class MarkdownImport {

    private static final Pattern METHODOLOGY = Pattern.compile("methodologies/([a-z_]+)/([0-9]{1,18})\\.md");
    private static final Pattern PREFERENCE = Pattern.compile("preferences/([a-z_]+)/([0-9]{1,18})\\.md");
    private static final Pattern SIGNED_LINE = Pattern.compile("([0-9a-f]{64})  (\\S+)");

    private final MethodologyService methodologies;
    private final PreferenceService preferences;
    private final InstanceIdentity instance;
    private final PromptInjectionScanner scanner;
    private final AuditTrail audit;
    private final Clock clock;

    public MarkdownImport(MethodologyService methodologies, PreferenceService preferences, InstanceIdentity instance,
                          PromptInjectionScanner scanner, AuditLog audit, Clock clock) {
        this.methodologies = Objects.requireNonNull(methodologies, "methodologies");
        this.preferences = Objects.requireNonNull(preferences, "preferences");
        this.instance = Objects.requireNonNull(instance, "instance");
        this.scanner = Objects.requireNonNull(scanner, "scanner");
        this.audit = new AuditTrail(audit);
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    public ImportReport run(Tenant tenant, List<ExportFile> files, ImportOptions options, Actor actor) {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(actor, "actor");
        Map<String, String> signatures = signatures(files);
        boolean signedBundle = signedFor(tenant, files, signatures);
        List<ImportReport.FileResult> results = new ArrayList<>();
        int ignored = 0;
        for (ExportFile file : files) {
            Matcher m = METHODOLOGY.matcher(file.path());
            Matcher p = PREFERENCE.matcher(file.path());
            if (!m.matches() && !p.matches()) {
                ignored++;
                continue;
            }
            ImportReport.Channel channel = signedBundle && verifies(file, signatures)
                    ? ImportReport.Channel.A : ImportReport.Channel.B;
            ImportReport.FileResult result;
            try {
                result = m.matches() ? methodology(tenant, file, m.group(1), channel, options)
                        : preference(tenant, file, p.group(1), channel, options, actor);
            } catch (InvalidInputException e) {
                result = new ImportReport.FileResult(file.path(), channel, "rejected", e.getMessage());
            }
            if (options.apply()) {
                audit.record(new AuditEntry(tenant, channel == ImportReport.Channel.A ? "memory_import.signed"
                        : "memory_import.unsigned", "import:" + file.path(), result.outcome() + ": " + result.detail(),
                        actor, clock.instant()));
            }
            results.add(result);
        }
        return new ImportReport(signedBundle, results, ignored);
    }

    private ImportReport.FileResult methodology(Tenant tenant, ExportFile file, String dir, ImportReport.Channel channel,
                                                ImportOptions options) {
        Frontmatter f = checked(file, "methodology");
        AssetClass assetClass = AssetClass.parse("asset_class", f.require("asset_class"));
        if (!assetClass.wireName().equals(dir)) {
            throw new InvalidInputException("asset_class", "is " + assetClass.wireName() + " but the file is under "
                    + "methodologies/" + dir);
        }
        String body = f.body();
        if (!body.startsWith("# ")) {
            throw new InvalidInputException("title", "the body must start with a '# ' title line");
        }
        int eol = body.indexOf('\n');
        String title = unescapeInline(eol < 0 ? body.substring(2) : body.substring(2, eol));
        String text = eol < 0 ? "" : body.substring(eol + 1).strip();
        NewMethodology.checkTitle("title", title);
        NewMethodology.checkBody("body", text);
        scan(title + "\n" + text);
        MethodologyDraft draft = new MethodologyDraft(assetClass.wireName(), title, text, Optional.of("imported"));
        if (channel == ImportReport.Channel.A) {
            MethodologyStore.Stats stats = stats(f);
            if (!options.apply()) {
                return new ImportReport.FileResult(file.path(), channel, "would restore", describe(stats));
            }
            MethodologyStore.Created c = methodologies.restore(tenant, draft, stats);
            return new ImportReport.FileResult(file.path(), channel, c.inserted() ? "restored" : "matched",
                    "methodology " + c.methodology().id() + (c.inserted() ? ", " + describe(stats) : " (kept its stats)"));
        }
        if (!options.apply()) {
            return new ImportReport.FileResult(file.path(), channel, "would create", "quarantined at the initial confidence");
        }
        MethodologyStore.Created c = methodologies.create(tenant, draft);
        return new ImportReport.FileResult(file.path(), channel, c.inserted() ? "created" : "matched", "methodology "
                + c.methodology().id() + (c.inserted() ? ", quarantined at the initial confidence" : " (kept its stats)"));
    }

    private static MethodologyStore.Stats stats(Frontmatter f) {
        long successes = f.number("successes");
        long uses = f.number("times_used");
        double confidence = f.decimal("confidence");
        String state = f.require("state");
        if (!state.equals("quarantined") && !state.equals("graduated")) {
            throw new InvalidInputException("state", "must be quarantined or graduated");
        }
        try {
            return new MethodologyStore.Stats(successes, uses, confidence, state.equals("quarantined"));
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("times_used", e.getMessage());
        }
    }

    private static String describe(MethodologyStore.Stats s) {
        return (s.quarantined() ? "quarantined" : "graduated") + " at confidence " + s.confidence() + " ("
                + s.successes() + "/" + s.uses() + ")";
    }

    private ImportReport.FileResult preference(Tenant tenant, ExportFile file, String dir, ImportReport.Channel channel,
                                               ImportOptions options, Actor actor) {
        Frontmatter f = checked(file, "preference");
        PreferenceDimension dimension = PreferenceDimension.parse("dimension", f.require("dimension"));
        if (!dimension.wireName().equals(dir)) {
            throw new InvalidInputException("dimension", "is " + dimension.wireName() + " but the file is under "
                    + "preferences/" + dir);
        }
        PreferenceKind kind = PreferenceKind.parse("preference_kind", f.require("preference_kind"));
        PreferenceState state = PreferenceState.parse("state", f.require("state"));
        long evidence = Math.max(1, Math.min(NewPreference.MAX_EVIDENCE, f.number("evidence")));
        String content = f.body().strip();
        new NewPreference(tenant, dimension, content, kind, evidence, PreferenceSource.IMPORT);
        scan(content);
        if (kind == PreferenceKind.HARD_CONSTRAINT && !options.hardConstraintsAllowed()) {
            throw new InvalidInputException("preference_kind", "hard_constraint imports need "
                    + "--approve-hard-constraints in an interactive terminal");
        }
        boolean activate = channel == ImportReport.Channel.A && state == PreferenceState.ACTIVE
                && kind != PreferenceKind.HARD_CONSTRAINT;
        if (!options.apply()) {
            return new ImportReport.FileResult(file.path(), channel, activate ? "would activate" : "would propose",
                    kind.wireName() + " " + dimension.wireName());
        }
        PreferenceStore.Proposed proposed = preferences.proposeImported(tenant, dimension, content, kind, evidence);
        LearnedPreference row = proposed.preference();
        if (activate && row.state() == PreferenceState.PROPOSED) {
            try {
                row = preferences.approve(tenant, row.id(), actor);
                return new ImportReport.FileResult(file.path(), channel, "activated", "preference " + row.id());
            } catch (ConflictException raced) {
                row = preferences.get(tenant, row.id());
            }
        }
        return new ImportReport.FileResult(file.path(), channel, proposed.inserted() ? "proposed" : "matched",
                "preference " + row.id() + " is " + row.state().wireName()
                        + (kind == PreferenceKind.HARD_CONSTRAINT ? " (a hard constraint is never activated by an import)" : ""));
    }

    /** The frontmatter, of the expected kind and a schema version this database can read. */
    private Frontmatter checked(ExportFile file, String kind) {
        Frontmatter f = Frontmatter.parse(file.text());
        if (!kind.equals(f.require("kind"))) {
            throw new InvalidInputException("kind", "must be " + kind + " for " + file.path());
        }
        long version = f.number("schema_version");
        if (version < 1 || version > instance.schemaVersion()) {
            throw new InvalidInputException("schema_version", version + " is not one this database (schema "
                    + instance.schemaVersion() + ") can read");
        }
        return f;
    }

    private void scan(String text) {
        List<InjectionFinding> findings = scanner.scan(text);
        if (!findings.isEmpty()) {
            throw new InvalidInputException("text", "the prompt-injection scan flagged it ("
                    + findings.getFirst().rule().name().toLowerCase(java.util.Locale.ROOT) + ")");
        }
    }

    /** Title text as {@link Markdown#inline} escaped it. */
    private static String unescapeInline(String s) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length() && "\\[]".indexOf(s.charAt(i + 1)) >= 0) {
                out.append(s.charAt(++i));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** path -> expected HMAC, from {@code signature.txt} when it names this instance; empty otherwise. */
    private Map<String, String> signatures(List<ExportFile> files) {
        Optional<ExportFile> sig = files.stream().filter(f -> f.path().equals(MarkdownExport.SIGNATURE)).findFirst();
        Map<String, String> out = new HashMap<>();
        if (sig.isEmpty() || !sig.get().text().contains("\ninstance_id: " + instance.instanceId() + "\n")) {
            return out;
        }
        for (String line : sig.get().text().split("\n")) {
            Matcher m = SIGNED_LINE.matcher(line);
            if (m.matches()) {
                out.put(m.group(2), m.group(1));
            }
        }
        return out;
    }

    /** Channel A is possible only when index.md verifies and was exported from the tenant imported into. */
    private boolean signedFor(Tenant tenant, List<ExportFile> files, Map<String, String> signatures) {
        Optional<ExportFile> index = files.stream().filter(f -> f.path().equals("index.md")).findFirst();
        if (index.isEmpty() || !verifies(index.get(), signatures)) {
            return false;
        }
        try {
            return Frontmatter.parse(index.get().text()).get("tenant").filter(tenant.value()::equals).isPresent();
        } catch (InvalidInputException e) {
            return false;
        }
    }

    private boolean verifies(ExportFile file, Map<String, String> signatures) {
        String expected = signatures.get(file.path());
        if (expected == null) {
            return false;
        }
        String actual = instance.sign((file.path() + "\n" + file.text()).getBytes(StandardCharsets.UTF_8));
        return MessageDigest.isEqual(actual.getBytes(StandardCharsets.US_ASCII), expected.getBytes(StandardCharsets.US_ASCII));
    }
}
