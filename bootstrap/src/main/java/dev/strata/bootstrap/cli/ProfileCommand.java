package dev.strata.bootstrap.cli;

import dev.strata.application.personalization.Portrait;
import dev.strata.application.personalization.TagMigrationReport;
import dev.strata.bootstrap.SettingsLoader;
import dev.strata.bootstrap.StrataCore;
import dev.strata.bootstrap.StrataSettings;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.FinancialProfile;
import dev.strata.domain.personalization.LegacyTagMigration;
import dev.strata.domain.personalization.TagSchema;
import dev.strata.domain.personalization.UserId;
import dev.strata.domain.personalization.UserTag;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code strata profile}: spec 04's {@code /profile} dump (the financial profile row, the active tags,
 * the recent personalization memories and the custom prompt), and {@code strata profile migrate-tags},
 * the one-off move of v1 tag rows (a dry run unless {@code --apply}), and {@code strata profile refresh}
 * ({@link ProfileRefreshCommand}).
 */
@Command(name = "profile", mixinStandardHelpOptions = true,
        description = "Print a user's personalization portrait; 'migrate-tags' moves v1 tag rows to the v2 schema.",
        subcommands = {ProfileCommand.MigrateTags.class, ProfileRefreshCommand.class})
public final class ProfileCommand implements Callable<Integer> {

    @CommandLine.Mixin
    Target target;

    /** Where and whose: the data directory, the tenant, the user. */
    static final class Target {
        @Option(names = "--data-dir", paramLabel = "DIR",
                description = "Directory of the SQLite file (default: ./data, or STRATA_DATA_DIR).")
        Path dataDir;

        @Option(names = "--tenant", paramLabel = "T", description = "The tenant (default: default).")
        String tenant;

        @Option(names = "--user", paramLabel = "U", description = "The user inside the tenant (default: default).")
        String user;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        StrataCore open() {
            StrataSettings settings = SettingsLoader.fromDefaults().load();
            return StrataCore.open(dataDir == null ? settings : settings.withDataDir(dataDir), Clock.systemUTC());
        }

        Optional<Tenant> tenant() {
            try {
                return Optional.ofNullable(tenant).map(Tenant::of);
            } catch (RuntimeException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--tenant: " + e.getMessage());
            }
        }

        UserId user() {
            try {
                return UserId.orDefault(Optional.ofNullable(user));
            } catch (RuntimeException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--user: " + e.getMessage());
            }
        }
    }

    @Override
    public Integer call() {
        Tenant tenant = target.tenant().orElse(Tenant.DEFAULT);
        UserId user = target.user();
        try (StrataCore core = target.open()) {
            print(core.personalization().personalization().portrait(tenant, user), System.out);
            return 0;
        }
    }

    static void print(Portrait p, PrintStream out) {
        FinancialProfile f = p.profile();
        out.println("Financial profile (user " + f.user() + (p.stored() ? "" : ", nothing stored yet: defaults") + ")");
        field(out, "platform_wallet_summary", f.platformWalletSummary().orElse(""));
        field(out, "reference_wallets_summary", f.referenceWalletsSummary().orElse(""));
        field(out, "reference_wallets", String.join(", ", f.referenceWallets().addresses()));
        field(out, "include_memories", Boolean.toString(f.visibility().includeMemories()));
        field(out, "include_trading_summary", Boolean.toString(f.visibility().includeTradingSummary()));
        field(out, "include_tags", Boolean.toString(f.visibility().includeTags()));
        field(out, "trading_summary_next_update", time(f.schedule().tradingSummaryNextUpdate()));
        field(out, "tags_next_update", time(f.schedule().tagsNextUpdate()));
        field(out, "memories_next_update", time(f.schedule().memoriesNextUpdate()));
        field(out, "last_indexed_chat_id", f.lastIndexedChatId().orElse(""));
        field(out, "trading_summary_updated_at", time(f.tradingSummaryUpdatedAt()));
        field(out, "onboarding", p.onboarding().completed() ? "completed " + time(p.onboarding().completedAt())
                : "not completed");
        out.println();
        out.println("Tags (declared first)");
        if (p.tags().isEmpty()) {
            out.println("  (none)");
        }
        for (UserTag t : p.tags()) {
            out.printf("  %-22s %-40s %s%n", t.dimension().storedName(),
                    TagSchema.serializeTagValue(t.value()) + " (" + t.value().labels() + ")", t.source().wireName());
        }
        out.println();
        out.println("Recent personalization memories");
        if (p.recentMemories().isEmpty()) {
            out.println("  (none)");
        }
        for (Memory m : p.recentMemories()) {
            out.println("  #" + m.id().value() + " " + m.content());
        }
        out.println();
        out.println("Custom prompt");
        out.println(f.customPrompt().map(c -> "  " + c.replace("\n", "\n  ")).orElse("  (none)"));
        p.customPromptFindings().forEach(x -> out.println("  warning: " + x.describe()));
    }

    private static void field(PrintStream out, String name, String value) {
        out.printf("  %-28s %s%n", name, value.isEmpty() ? "-" : value.replace("\n", " / "));
    }

    private static String time(Optional<Instant> at) {
        return at.map(Instant::toString).orElse("");
    }

    /** {@code strata profile migrate-tags [--apply]}: spec 04's {@code migrate:user-tags-v2}. */
    @Command(name = "migrate-tags", mixinStandardHelpOptions = true,
            description = "Move v1 tag rows to the v2 schema: remap Risk Profile, Web3 Knowledge Level, Decision-Making"
                    + " Style and Asset Preference; drop Asset Tier, Trading Frequency and Learning Preference. A dry"
                    + " run unless --apply.")
    static final class MigrateTags implements Callable<Integer> {

        @CommandLine.Mixin
        Target target;

        @Option(names = "--apply", description = "Write the plan (default: only print it).")
        boolean apply;

        @Override
        public Integer call() {
            try (StrataCore core = target.open()) {
                TagMigrationReport report = core.personalization().personalization()
                        .migrateLegacyTags(target.tenant(), apply);
                for (TagMigrationReport.TenantPlan plan : report.tenants()) {
                    for (LegacyTagMigration.Step s : plan.plan().steps()) {
                        System.out.printf("%s/%s  %-22s %-8s %s%n", plan.tenant(), s.row().userId(), s.row().dimension(),
                                s.action().name().toLowerCase(java.util.Locale.ROOT), s.note());
                    }
                }
                System.out.printf("%s: %d remapped, %d dropped, %d left as they are%s%n",
                        apply ? "applied" : "dry run", report.count(LegacyTagMigration.Action.REMAP),
                        report.count(LegacyTagMigration.Action.DROP), report.count(LegacyTagMigration.Action.LEAVE),
                        apply ? "" : " (run again with --apply to write)");
                return 0;
            }
        }
    }
}
