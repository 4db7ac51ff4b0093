package dev.strata.domain.personalization;

import dev.strata.domain.memory.Tenant;

/**
 * Driven port: where a user's committed capital is read from (an HTTP portfolio service, or values
 * a deployment pushed).
 */
public interface PortfolioSource {

    /**
     * The user's current holdings.
     *
     * @throws dev.strata.domain.error.UnavailableException when the sources cannot be read; the caller
     *                                                      then keeps the last value it had
     */
    PortfolioReading read(Tenant tenant, UserId user);
}
