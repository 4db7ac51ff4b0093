package dev.strata.bootstrap.cli;

import dev.strata.application.personalization.PersonalizationService;
import dev.strata.bootstrap.StrataCore;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.UserId;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.util.concurrent.Callable;

/**
 * {@code strata config get|set financial.<field>}: a user's financial-profile fields (spec 04 "Editing
 * profile fields"). Every field reads; only the user's own fields write (the summaries and cursors
 * belong to the rebuild flows).
 */
@Command(name = "config", mixinStandardHelpOptions = true,
        description = "Read or set a financial-profile field: financial.<field>.",
        subcommands = {ConfigCommand.Get.class, ConfigCommand.Set.class})
public final class ConfigCommand implements Runnable {

    static final String PREFIX = "financial.";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required: get or set");
    }

    static String field(CommandLine.Model.CommandSpec spec, String key) {
        if (!key.startsWith(PREFIX) || key.length() == PREFIX.length()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "the key must be " + PREFIX + "<field>, one of "
                    + String.join(", ", PersonalizationService.READABLE_FIELDS));
        }
        return key.substring(PREFIX.length());
    }

    /** {@code strata config get financial.custom_prompt}. */
    @Command(name = "get", mixinStandardHelpOptions = true, description = "Print a field's value (empty when unset).")
    static final class Get implements Callable<Integer> {

        @CommandLine.Mixin
        ProfileCommand.Target target;

        @Parameters(index = "0", paramLabel = "KEY", description = "financial.<field>")
        String key;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            String field = field(spec, key);
            Tenant tenant = target.tenant().orElse(Tenant.DEFAULT);
            UserId user = target.user();
            try (StrataCore core = target.open()) {
                System.out.println(core.personalization().personalization().readField(tenant, user, field));
                return 0;
            } catch (InvalidInputException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
        }
    }

    /** {@code strata config set financial.custom_prompt "Always prefer stablecoin pairs."}. */
    @Command(name = "set", mixinStandardHelpOptions = true,
            description = "Set one of custom_prompt, reference_wallets (comma-separated), include_memories,"
                    + " include_trading_summary, include_tags; an empty custom_prompt clears it.")
    static final class Set implements Callable<Integer> {

        @CommandLine.Mixin
        ProfileCommand.Target target;

        @Parameters(index = "0", paramLabel = "KEY", description = "financial.<field>")
        String key;

        @Parameters(index = "1", paramLabel = "VALUE", description = "The new value.")
        String value;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            String field = field(spec, key);
            Tenant tenant = target.tenant().orElse(Tenant.DEFAULT);
            UserId user = target.user();
            try (StrataCore core = target.open()) {
                PersonalizationService p = core.personalization().personalization();
                p.writeField(tenant, user, field, value, Actor.cli(System.getProperty("user.name")));
                System.out.println(PREFIX + field + " = " + p.readField(tenant, user, field));
                return 0;
            } catch (InvalidInputException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
        }
    }
}
