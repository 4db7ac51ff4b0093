package dev.strata.domain.role;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Every declared role, by id and by owning skill: the single source of truth for which roles
 * exist, their policy and template, and which skill owns each. Built once at start from role
 * files and embedders' registrations, then immutable.
 *
 * <p>A duplicate id is a hard error naming both origins, so one declaration can never shadow
 * another. A role that is no longer declared simply is not here: its stored rows stay for audit,
 * but nothing surfaces or reflects them, and new decisions for it are refused.
 */
public final class RoleRegistry {

    private final Map<RoleId, RoleDefinition> roles;
    private final Map<RoleId, String> origins;

    private RoleRegistry(Map<RoleId, RoleDefinition> roles, Map<RoleId, String> origins) {
        this.roles = roles;
        this.origins = origins;
    }

    public static RoleRegistry empty() {
        return new RoleRegistry(Map.of(), Map.of());
    }

    public static Builder builder() {
        return new Builder();
    }

    public Optional<RoleDefinition> find(RoleId id) {
        return Optional.ofNullable(roles.get(id));
    }

    /** The declared role, or {@link NotFoundException} naming it. */
    public RoleDefinition require(RoleId id) {
        return find(id).orElseThrow(() -> new NotFoundException("role", id.value()));
    }

    public boolean contains(RoleId id) {
        return roles.containsKey(id);
    }

    /** Every role, ordered by id. */
    public List<RoleDefinition> all() {
        return List.copyOf(roles.values());
    }

    public Set<RoleId> ids() {
        return roles.keySet();
    }

    /** The roles the given skills own, ordered by id. */
    public List<RoleDefinition> ownedBy(Collection<SkillId> skills) {
        Set<SkillId> wanted = Set.copyOf(skills);
        return roles.values().stream().filter(r -> wanted.contains(r.skill())).toList();
    }

    /** The roles whose policy has {@code trigger}, ordered by id. */
    public List<RoleDefinition> withTrigger(Trigger trigger) {
        return roles.values().stream().filter(r -> r.policy().has(trigger)).toList();
    }

    /** Where a role was declared (a file path, or what an embedder said). */
    public Optional<String> origin(RoleId id) {
        return Optional.ofNullable(origins.get(id));
    }

    public int size() {
        return roles.size();
    }

    /** Collects definitions; not thread-safe, used once at start. */
    public static final class Builder {

        private final Map<RoleId, RoleDefinition> roles = new TreeMap<>((a, b) -> a.value().compareTo(b.value()));
        private final Map<RoleId, String> origins = new LinkedHashMap<>();

        private Builder() {
        }

        /** Registers a role declared in code (an embedder of the domain jar). */
        public Builder register(RoleDefinition role) {
            return register(role, "registered in code");
        }

        /**
         * Registers a role; {@code origin} says where it was declared, for error messages.
         *
         * @throws InvalidInputException on field {@code id} when the id is already registered
         */
        public Builder register(RoleDefinition role, String origin) {
            Objects.requireNonNull(role, "role");
            Objects.requireNonNull(origin, "origin");
            String first = origins.get(role.id());
            if (first != null) {
                throw new InvalidInputException("id", "duplicate role id " + role.id() + ": already declared in "
                        + first);
            }
            roles.put(role.id(), role);
            origins.put(role.id(), origin);
            return this;
        }

        public RoleRegistry build() {
            Map<RoleId, RoleDefinition> ordered = new LinkedHashMap<>(roles);
            return new RoleRegistry(java.util.Collections.unmodifiableMap(ordered), Map.copyOf(origins));
        }
    }
}
