package dev.strata.bootstrap.cli;

import dev.strata.application.role.RoleBacklog;
import dev.strata.application.role.ReflectionReport;
import dev.strata.bootstrap.StrataCore;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code strata doctor}: spec 01's health report, for the parts that exist today: role memory's pending
 * backlog (entries pending for more than 72 hours) and its {@code reflect_pending} work (entries due for
 * reflection but not reflected, with the reason each waits: no model, a budget spent, a probe that
 * failed). Read-only.
 *
 * <p>{@code strata doctor --fix --only reflect_pending} shows what the action would do; with
 * {@code --apply} it runs it: the role reflector over every role with pending rows, which calls the model
 * and spends from the learning budget. Spec 01 keeps it out of the default action set so a casual
 * {@code --fix --apply} never spends tokens; the default actions are separate commands today
 * ({@code strata reindex}, {@code strata edges rebuild}), so {@code --fix} asks for {@code --only}.
 */
@Command(name = "doctor", mixinStandardHelpOptions = true,
        description = "Health report of the data directory (role memory's backlog and reflect_pending); "
                + "--fix --only reflect_pending [--apply] reflects what is due.")
public final class DoctorCommand implements Callable<Integer> {

    /** Spec 01's backlog age: pending for longer than this is worth a look. */
    static final Duration BACKLOG_AGE = Duration.ofHours(72);
    static final String REFLECT_PENDING = "reflect_pending";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    KeysCommand.DataDir dataDir;

    @Option(names = "--fix", description = "Run a maintenance action (with --only); a dry run unless --apply.")
    boolean fix;

    @Option(names = "--only", paramLabel = "ACTION", description = "The action --fix runs: reflect_pending "
            + "(calls the model; never in a default set).")
    String only;

    @Option(names = "--apply", description = "With --fix: do it (without: say what would be done).")
    boolean apply;

    @Override
    public Integer call() {
        if ((only != null || apply) && !fix) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--only and --apply go with --fix");
        }
        if (fix && !REFLECT_PENDING.equals(only)) {
            throw new CommandLine.ParameterException(spec.commandLine(), only == null
                    ? "--fix needs --only reflect_pending (the other spec actions are 'strata reindex' and "
                    + "'strata edges rebuild')"
                    : "--only: unknown action '" + only + "'; known: " + REFLECT_PENDING);
        }
        PrintWriter out = spec.commandLine().getOut();
        try (StrataCore core = dataDir.open()) {
            List<RoleBacklog.Row> rows = core.role().backlog().rows(BACKLOG_AGE);
            report(out, core, rows);
            if (fix) {
                reflectPending(out, core, rows);
            }
            out.flush();
            return 0;
        }
    }

    private static void report(PrintWriter out, StrataCore core, List<RoleBacklog.Row> rows) {
        out.printf("role memory: %d roles declared, model %s%n", core.role().registry().all().size(),
                core.llm().languageModel().isEnabled() ? "configured" : "not configured (reflections wait)");
        long due = rows.stream().mapToLong(RoleBacklog.Row::due).sum();
        long backlog = rows.stream().mapToLong(RoleBacklog.Row::olderThanBacklog).sum();
        out.printf("  pending: %d, older than 72h: %d%n", rows.stream().mapToLong(RoleBacklog.Row::pending).sum(),
                backlog);
        out.printf("  %s: %d due%s%n", REFLECT_PENDING, due,
                due == 0 ? "" : " (strata doctor --fix --only reflect_pending --apply)");
        for (RoleBacklog.Row r : rows) {
            out.printf("  - %s [%s]: %s%d pending, %d older than 72h, %d due, %d expired%s%n", r.role(),
                    r.tenant().value(), r.truncated() ? "at least " : "", r.pending(), r.olderThanBacklog(), r.due(),
                    r.expired(), r.reasons().isEmpty() ? "" : "; waiting: " + String.join("; ", r.reasons()));
        }
    }

    private void reflectPending(PrintWriter out, StrataCore core, List<RoleBacklog.Row> rows) {
        if (rows.isEmpty()) {
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
        for (ReflectionReport report : core.role().triggers().reflectPending()) {
            out.printf("%s: %s [%s]: %s%n", REFLECT_PENDING, report.role(), report.tenant().value(), report.message());
        }
    }
}
