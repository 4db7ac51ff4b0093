package dev.strata.domain.personalization;

import dev.strata.domain.error.InvalidInputException;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The wallets the user follows as references ({@code reference_wallets_json}): addresses in the
 * order given, without repeats. An address is an opaque token (EVM, Solana, a chain-prefixed form),
 * so the check is only its alphabet and length; that alone keeps markup and quotes out.
 */
public record ReferenceWallets(List<String> addresses) {

    public static final int MAX_WALLETS = 50;
    public static final Pattern ADDRESS = Pattern.compile("[A-Za-z0-9][A-Za-z0-9:._-]{0,127}");
    public static final ReferenceWallets NONE = new ReferenceWallets(List.of());

    public ReferenceWallets {
        if (addresses == null) {
            throw new InvalidInputException("reference_wallets", "must be a list of addresses");
        }
        if (addresses.size() > MAX_WALLETS) {
            throw new InvalidInputException("reference_wallets", "must hold at most " + MAX_WALLETS + " addresses");
        }
        Set<String> distinct = new LinkedHashSet<>();
        for (int i = 0; i < addresses.size(); i++) {
            String a = addresses.get(i);
            if (a == null || !ADDRESS.matcher(a).matches()) {
                throw new InvalidInputException("reference_wallets[" + i + "]", "must be 1-128 characters: letters,"
                        + " digits, ':', '.', '_' or '-', starting with a letter or digit");
            }
            distinct.add(a);
        }
        addresses = List.copyOf(distinct);
    }

    public boolean isEmpty() {
        return addresses.isEmpty();
    }
}
