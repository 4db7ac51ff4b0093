package dev.strata.domain.learning;

import dev.strata.domain.memory.QueryText;
import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/** A hand-written {@link LearningStore} fake; search ranks by how many query keywords a learning shares. */
public final class InMemoryLearningStore implements LearningStore {

    private final Map<Long, Learning> rows = new TreeMap<>();
    private long nextId = 1;

    @Override
    public synchronized Recorded record(NewLearning l, Instant now) {
        Optional<Learning> same = rows.values().stream()
                .filter(r -> r.tenant().equals(l.tenant()) && r.normalizedTask().equals(l.normalizedTask()))
                .findFirst();
        if (same.isPresent()) {
            Learning e = same.get();
            Learning updated = new Learning(e.id(), e.tenant(), e.task(), l.steps(), l.context(), e.timesUsed() + 1,
                    e.createdAt(), now);
            rows.put(updated.id().value(), updated);
            return new Recorded(updated, false);
        }
        Learning row = new Learning(LearningId.of(nextId++), l.tenant(), l.task(), l.steps(), l.context(), 1, now, now);
        rows.put(row.id().value(), row);
        return new Recorded(row, true);
    }

    @Override
    public synchronized Optional<Learning> find(Tenant tenant, LearningId id) {
        return Optional.ofNullable(rows.get(id.value())).filter(l -> l.tenant().equals(tenant));
    }

    @Override
    public synchronized List<Learning> list(Tenant tenant, int limit) {
        return rows.values().stream().filter(l -> l.tenant().equals(tenant))
                .sorted(Comparator.comparing(Learning::updatedAt).thenComparing(l -> l.id().value()).reversed())
                .limit(limit).toList();
    }

    @Override
    public synchronized List<Learning> search(Tenant tenant, String query, int limit) {
        Set<String> wanted = stems(query);
        if (wanted.isEmpty()) {
            return List.of();
        }
        return rows.values().stream().filter(l -> l.tenant().equals(tenant))
                .filter(l -> shared(l, wanted) > 0)
                .sorted(Comparator.comparingLong((Learning l) -> shared(l, wanted)).reversed()
                        .thenComparing(l -> l.id().value()))
                .limit(limit).toList();
    }

    private static long shared(Learning l, Set<String> wanted) {
        Set<String> have = stems(l.task() + " " + l.steps() + " " + l.context());
        return wanted.stream().filter(have::contains).count();
    }

    private static Set<String> stems(String text) {
        Set<String> out = new HashSet<>();
        QueryText.keywords(text).forEach(k -> out.add(QueryText.stem(k)));
        return out;
    }
}
