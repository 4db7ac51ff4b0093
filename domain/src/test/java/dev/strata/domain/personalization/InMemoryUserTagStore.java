package dev.strata.domain.personalization;

import dev.strata.domain.memory.Tenant;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A hand-written {@link UserTagStore} fake. It keeps rows as stored text, like the table, so typed
 * reads skip what the schema does not know exactly as the SQLite store does.
 */
public final class InMemoryUserTagStore implements UserTagStore {

    private final Map<Tenant, Map<List<String>, StoredTagRow>> rows = new TreeMap<>(Comparator.comparing(Tenant::value));

    /** A row as stored, whatever it holds (tests seed v1 rows with it). */
    public synchronized void insertRaw(Tenant tenant, StoredTagRow row) {
        table(tenant).put(List.of(row.userId(), row.dimension()), row);
    }

    @Override
    public synchronized List<UserTag> all(Tenant tenant, UserId user) {
        List<UserTag> out = new ArrayList<>();
        for (TagDimension d : TagDimension.values()) {
            find(tenant, user, d).ifPresent(out::add);
        }
        return out;
    }

    @Override
    public synchronized Optional<UserTag> find(Tenant tenant, UserId user, TagDimension dimension) {
        StoredTagRow row = table(tenant).get(List.of(user.value(), dimension.storedName()));
        if (row == null) {
            return Optional.empty();
        }
        Optional<TagSource> source = "user".equals(row.source()) ? Optional.of(TagSource.USER)
                : "inferred".equals(row.source()) ? Optional.of(TagSource.INFERRED) : Optional.empty();
        return source.flatMap(s -> TagSchema.parseStoredTagValue(dimension, row.value())
                .map(v -> new UserTag(user, v, s, row.updatedAt())));
    }

    @Override
    public synchronized boolean replace(Tenant tenant, Optional<UserTag> expected, UserTag next) {
        List<String> key = List.of(next.user().value(), next.dimension().storedName());
        StoredTagRow current = table(tenant).get(key);
        boolean matches = expected.isEmpty() ? current == null
                : current != null && current.value().equals(TagSchema.serializeTagValue(expected.get().value()))
                && current.source().equals(expected.get().source().wireName());
        if (!matches) {
            return false;
        }
        table(tenant).put(key, StoredTagRow.of(next));
        return true;
    }

    @Override
    public synchronized boolean delete(Tenant tenant, UserId user, TagDimension dimension) {
        return table(tenant).remove(List.of(user.value(), dimension.storedName())) != null;
    }

    @Override
    public synchronized List<StoredTagRow> rawRows(Tenant tenant) {
        return table(tenant).values().stream()
                .sorted(Comparator.comparing(StoredTagRow::userId).thenComparing(StoredTagRow::dimension)).toList();
    }

    @Override
    public synchronized List<Tenant> tenants() {
        return rows.entrySet().stream().filter(e -> !e.getValue().isEmpty()).map(Map.Entry::getKey).toList();
    }

    @Override
    public synchronized void migrate(Tenant tenant, List<StoredTagRow> remove, List<UserTag> write) {
        Map<List<String>, StoredTagRow> table = table(tenant);
        for (StoredTagRow r : remove) {
            List<String> key = List.of(r.userId(), r.dimension());
            StoredTagRow current = table.get(key);
            if (current != null && current.value().equals(r.value()) && current.source().equals(r.source())) {
                table.remove(key);
            }
        }
        for (UserTag t : write) {
            table.put(List.of(t.user().value(), t.dimension().storedName()), StoredTagRow.of(t));
        }
    }

    private Map<List<String>, StoredTagRow> table(Tenant tenant) {
        return rows.computeIfAbsent(tenant, t -> new LinkedHashMap<>());
    }
}
