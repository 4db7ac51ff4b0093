package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.session.SessionExplanationStore;
import dev.strata.domain.session.SessionId;
import dev.strata.domain.snapshot.ExplainedLine;
import dev.strata.domain.snapshot.LeftOutEntry;
import dev.strata.domain.snapshot.LineOrigin;
import dev.strata.domain.snapshot.LinePlacement;
import dev.strata.domain.snapshot.SnapshotExplanation;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.spi.JsonProvider;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@link SessionExplanationStore} on {@code session_explanations}: one JSON document per session,
 * written once and read whole (like the session's blocks), deleted with its session by the foreign
 * key's cascade when expired sessions are purged.
 */
public final class SqliteSessionExplanationStore implements SessionExplanationStore {

    private static final JsonProvider JSON = JsonProvider.provider();

    private final SqliteDatabase database;
    private final Transactions transactions;

    public SqliteSessionExplanationStore(SqliteDatabase database) {
        this.database = database;
        this.transactions = new Transactions(database);
    }

    @Override
    public void save(Tenant tenant, SessionId session, SnapshotExplanation explanation) {
        String json = toJson(explanation);
        transactions.write("store the session's explanation", c -> Jdbc.update(c,
                "INSERT INTO session_explanations(tenant, session_id, explanation) VALUES (?, ?, ?)",
                tenant.value(), session.value(), json));
    }

    @Override
    public Optional<SnapshotExplanation> find(Tenant tenant, SessionId session) {
        List<String> found = new ArrayList<>(1);
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach("SELECT explanation FROM session_explanations WHERE tenant = ? AND session_id = ?",
                    List.of(tenant.value(), session.value()), r -> found.add(r.getString("explanation")));
        }
        return found.stream().findFirst().map(SqliteSessionExplanationStore::fromJson);
    }

    static String toJson(SnapshotExplanation e) {
        JsonArrayBuilder lines = JSON.createArrayBuilder();
        for (ExplainedLine l : e.lines()) {
            JsonObjectBuilder line = JSON.createObjectBuilder().add("n", l.number()).add("text", l.text())
                    .add("kind", l.kind().wireName());
            l.origin().ifPresent(o -> line.add("origin", origin(o)));
            l.placement().ifPresent(p -> line.add("placement", placement(p)));
            lines.add(line);
        }
        JsonArrayBuilder left = JSON.createArrayBuilder();
        for (LeftOutEntry l : e.leftOut()) {
            left.add(JSON.createObjectBuilder().add("origin", origin(l.origin())).add("placement", placement(l.placement())));
        }
        return JSON.createObjectBuilder().add("cap", e.cap()).add("injectable", e.injectable()).add("lines", lines)
                .add("left_out", left).add("left_out_total", e.leftOutTotal()).build().toString();
    }

    static SnapshotExplanation fromJson(String text) {
        JsonObject o;
        try (JsonReader reader = JSON.createReader(new StringReader(text))) {
            o = reader.readObject();
        }
        List<ExplainedLine> lines = new ArrayList<>();
        for (JsonObject l : o.getJsonArray("lines").getValuesAs(JsonObject.class)) {
            lines.add(new ExplainedLine(l.getInt("n"), l.getString("text"), ExplainedLine.Kind.parse(l.getString("kind")),
                    l.containsKey("origin") ? Optional.of(origin(l.getJsonObject("origin"))) : Optional.empty(),
                    l.containsKey("placement") ? Optional.of(placement(l.getJsonObject("placement"))) : Optional.empty()));
        }
        List<LeftOutEntry> left = new ArrayList<>();
        JsonArray leftOut = o.getJsonArray("left_out");
        for (JsonObject l : leftOut.getValuesAs(JsonObject.class)) {
            left.add(new LeftOutEntry(origin(l.getJsonObject("origin")), placement(l.getJsonObject("placement"))));
        }
        return new SnapshotExplanation(o.getInt("cap"), o.getJsonNumber("injectable").longValue(), lines, left,
                o.getJsonNumber("left_out_total").longValue());
    }

    private static JsonObjectBuilder origin(LineOrigin o) {
        JsonObjectBuilder b = JSON.createObjectBuilder();
        o.memoryId().ifPresent(v -> b.add("memory_id", v));
        o.factId().ifPresent(v -> b.add("fact_id", v));
        o.category().ifPresent(v -> b.add("category", v));
        o.source().ifPresent(v -> b.add("source", v));
        o.key().ifPresent(v -> b.add("key", v));
        return b;
    }

    private static LineOrigin origin(JsonObject o) {
        return new LineOrigin(optionalLong(o, "memory_id"), optionalLong(o, "fact_id"), optionalString(o, "category"),
                optionalString(o, "source"), optionalString(o, "key"));
    }

    private static JsonObjectBuilder placement(LinePlacement p) {
        return JSON.createObjectBuilder().add("rule", p.rule()).add("rank", p.rank()).add("bound", p.bound())
                .add("reason", p.reason());
    }

    private static LinePlacement placement(JsonObject o) {
        return new LinePlacement(o.getString("rule"), o.getInt("rank"), o.getInt("bound"), o.getString("reason"));
    }

    private static Optional<Long> optionalLong(JsonObject o, String key) {
        return Optional.ofNullable(o.get(key)).map(v -> ((JsonNumber) v).longValue());
    }

    private static Optional<String> optionalString(JsonObject o, String key) {
        return Optional.ofNullable(o.get(key)).map(v -> ((JsonString) v).getString());
    }
}
