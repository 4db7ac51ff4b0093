package dev.strata.application.role;

import dev.strata.domain.role.RoleMemoryEntry;

/**
 * Told after a decision is stored (the {@code on_new_write} trigger, the embedding queue). Called on
 * the writer's thread after the commit: listeners hand work off and return, and a failing listener
 * never fails the write.
 */
@FunctionalInterface
public interface RoleMemoryListener {

    void recorded(RoleMemoryEntry entry);
}
