package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.FinancialProfile;
import dev.strata.domain.personalization.FinancialProfileStore;
import dev.strata.domain.personalization.Onboarding;
import dev.strata.domain.personalization.OnboardingAnswers;
import dev.strata.domain.personalization.ProfileEdit;
import dev.strata.domain.personalization.ProfileRef;
import dev.strata.domain.personalization.RebuildKind;
import dev.strata.domain.personalization.RebuildSchedule;
import dev.strata.domain.personalization.ReferenceWallets;
import dev.strata.domain.personalization.TagDimension;
import dev.strata.domain.personalization.TagValue;
import dev.strata.domain.personalization.TradingCursors;
import dev.strata.domain.personalization.TradingSummary;
import dev.strata.domain.personalization.UserId;
import dev.strata.domain.personalization.Visibility;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;

import java.io.StringReader;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@link FinancialProfileStore} on the {@code financial_profile} table. Every write names only its
 * columns, after an {@code INSERT ... ON CONFLICT DO NOTHING} that creates a missing row with the
 * defaults, in one transaction. The claims and the cursor advances are one conditional {@code UPDATE}
 * each, so SQLite's write lock makes them atomic. {@code reference_wallets_json} and
 * {@code onboarding_answers} are JSON written and read here.
 */
public final class SqliteFinancialProfileStore implements FinancialProfileStore {

    private static final JsonProvider JSON = JsonProvider.provider();
    private static final String COLUMNS = "user_id, platform_wallet_summary, reference_wallets_summary,"
            + " reference_wallets_json, custom_prompt, include_memories, include_trading_summary, include_tags,"
            + " trading_summary_next_update, tags_next_update, memories_next_update, last_indexed_chat_id,"
            + " trading_summary_updated_at, trading_summary_last_trade_id_seen, trading_summary_last_perps_fill_id_seen,"
            + " trading_summary_last_external_spot_id_seen, onboarding_answers, onboarding_completed_at, created_at,"
            + " updated_at";

    private final SqliteDatabase database;
    private final Transactions transactions;

    public SqliteFinancialProfileStore(SqliteDatabase database) {
        this.database = database;
        this.transactions = new Transactions(database);
    }

    @Override
    public Optional<FinancialProfile> find(Tenant tenant, UserId user) {
        List<FinancialProfile> found = new ArrayList<>(1);
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach("SELECT " + COLUMNS + " FROM financial_profile WHERE tenant = ? AND user_id = ?",
                    List.of(tenant.value(), user.value()), row -> found.add(read(row)));
        }
        return found.stream().findFirst();
    }

    @Override
    public List<UserId> users(Tenant tenant) {
        List<UserId> users = new ArrayList<>();
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach("SELECT user_id FROM financial_profile WHERE tenant = ? ORDER BY user_id",
                    List.of(tenant.value()), row -> users.add(UserId.of(row.getString(1))));
        }
        return users;
    }

    @Override
    public List<ProfileRef> profiles(Optional<ProfileRef> after, int limit) {
        List<ProfileRef> refs = new ArrayList<>();
        String sql = "SELECT tenant, user_id FROM financial_profile"
                + (after.isPresent() ? " WHERE (tenant, user_id) > (?, ?)" : "") + " ORDER BY tenant, user_id LIMIT ?";
        List<Object> params = new ArrayList<>();
        after.ifPresent(a -> {
            params.add(a.tenant().value());
            params.add(a.user().value());
        });
        params.add(limit);
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach(sql, params, row -> refs.add(new ProfileRef(Tenant.of(row.getString(1)),
                    UserId.of(row.getString(2)))));
        }
        return refs;
    }

    @Override
    public FinancialProfile edit(Tenant tenant, UserId user, ProfileEdit edit, Instant now) {
        String at = Timestamps.format(Timestamps.truncate(now));
        return transactions.write("edit the profile", c -> {
            ensureRow(c, tenant, user, at);
            List<String> sets = new ArrayList<>();
            List<Object> params = new ArrayList<>();
            edit.customPrompt().ifPresent(p -> set(sets, params, "custom_prompt", p.orElse(null)));
            edit.referenceWallets().ifPresent(w -> set(sets, params, "reference_wallets_json", wallets(w)));
            edit.includeMemories().ifPresent(b -> set(sets, params, "include_memories", b ? 1 : 0));
            edit.includeTradingSummary().ifPresent(b -> set(sets, params, "include_trading_summary", b ? 1 : 0));
            edit.includeTags().ifPresent(b -> set(sets, params, "include_tags", b ? 1 : 0));
            set(sets, params, "updated_at", at);
            params.add(tenant.value());
            params.add(user.value());
            Jdbc.update(c, "UPDATE financial_profile SET " + String.join(", ", sets) + " WHERE tenant = ? AND user_id = ?",
                    params.toArray());
            return readIn(c, tenant, user);
        });
    }

    @Override
    public FinancialProfile recordOnboarding(Tenant tenant, UserId user, OnboardingAnswers answers, Instant now) {
        String at = Timestamps.format(Timestamps.truncate(now));
        return transactions.write("record the onboarding", c -> {
            ensureRow(c, tenant, user, at);
            Jdbc.update(c, "UPDATE financial_profile SET onboarding_answers = ?, onboarding_completed_at ="
                    + " COALESCE(onboarding_completed_at, ?), updated_at = ? WHERE tenant = ? AND user_id = ?",
                    answers(answers), at, at, tenant.value(), user.value());
            return readIn(c, tenant, user);
        });
    }

    @Override
    public boolean claimRebuild(Tenant tenant, UserId user, RebuildKind kind, Instant now, Instant nextUpdate) {
        String column = column(kind);
        String at = Timestamps.format(Timestamps.truncate(now));
        return transactions.writeIf("claim the " + kind.wireName() + " rebuild", c -> {
            ensureRow(c, tenant, user, at);
            return Jdbc.update(c, "UPDATE financial_profile SET " + column + " = ? WHERE tenant = ? AND user_id = ?"
                            + " AND (" + column + " IS NULL OR " + column + " <= ?)",
                    Timestamps.format(Timestamps.truncate(nextUpdate)), tenant.value(), user.value(), at) == 1;
        });
    }

    @Override
    public void scheduleRebuild(Tenant tenant, UserId user, RebuildKind kind, Instant nextUpdate, Instant now) {
        String at = Timestamps.format(Timestamps.truncate(now));
        transactions.write("schedule the " + kind.wireName() + " rebuild", c -> {
            ensureRow(c, tenant, user, at);
            return Jdbc.update(c, "UPDATE financial_profile SET " + column(kind) + " = ? WHERE tenant = ? AND user_id = ?",
                    Timestamps.format(Timestamps.truncate(nextUpdate)), tenant.value(), user.value());
        });
    }

    @Override
    public List<ProfileRef> due(RebuildKind kind, Instant now, int limit) {
        String column = column(kind);
        List<ProfileRef> refs = new ArrayList<>();
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach("SELECT tenant, user_id FROM financial_profile WHERE " + column + " IS NULL OR " + column
                            + " <= ? ORDER BY " + column + " IS NOT NULL, " + column + ", tenant, user_id LIMIT ?",
                    List.of(Timestamps.format(Timestamps.truncate(now)), limit),
                    row -> refs.add(new ProfileRef(Tenant.of(row.getString(1)), UserId.of(row.getString(2)))));
        }
        return refs;
    }

    @Override
    public boolean storeTradingSummary(Tenant tenant, UserId user, TradingCursors expected, TradingSummary summary,
                                       Instant now) {
        String at = Timestamps.format(Timestamps.truncate(now));
        TradingCursors seen = summary.seen();
        return transactions.writeIf("store the trading summary", c -> {
            ensureRow(c, tenant, user, at);
            return Jdbc.update(c, "UPDATE financial_profile SET platform_wallet_summary = ?, reference_wallets_summary = ?,"
                            + " trading_summary_updated_at = ?, trading_summary_last_trade_id_seen = ?,"
                            + " trading_summary_last_perps_fill_id_seen = ?, trading_summary_last_external_spot_id_seen = ?,"
                            + " updated_at = ? WHERE tenant = ? AND user_id = ?"
                            + " AND trading_summary_last_trade_id_seen IS ? AND trading_summary_last_perps_fill_id_seen IS ?"
                            + " AND trading_summary_last_external_spot_id_seen IS ?",
                    summary.platformWalletSummary(), summary.referenceWalletsSummary().orElse(null), at,
                    seen.lastTradeIdSeen().orElse(null), seen.lastPerpsFillIdSeen().orElse(null),
                    seen.lastExternalSpotIdSeen().orElse(null), at, tenant.value(), user.value(),
                    expected.lastTradeIdSeen().orElse(null), expected.lastPerpsFillIdSeen().orElse(null),
                    expected.lastExternalSpotIdSeen().orElse(null)) == 1;
        });
    }

    @Override
    public boolean advanceChatCursor(Tenant tenant, UserId user, Optional<String> expected, String next, Instant now) {
        String at = Timestamps.format(Timestamps.truncate(now));
        return transactions.writeIf("advance the chat cursor", c -> {
            ensureRow(c, tenant, user, at);
            return Jdbc.update(c, "UPDATE financial_profile SET last_indexed_chat_id = ?, updated_at = ? WHERE tenant = ?"
                            + " AND user_id = ? AND last_indexed_chat_id IS ?", next, at, tenant.value(), user.value(),
                    expected.orElse(null)) == 1;
        });
    }

    private static String column(RebuildKind kind) {
        return switch (kind) {
            case TRADING_SUMMARY -> "trading_summary_next_update";
            case TAGS -> "tags_next_update";
            case MEMORIES -> "memories_next_update";
        };
    }

    private static void ensureRow(Connection c, Tenant tenant, UserId user, String at) throws SQLException {
        Jdbc.update(c, "INSERT INTO financial_profile(tenant, user_id, created_at, updated_at) VALUES (?, ?, ?, ?)"
                + " ON CONFLICT(tenant, user_id) DO NOTHING", tenant.value(), user.value(), at, at);
    }

    private static void set(List<String> sets, List<Object> params, String column, Object value) {
        sets.add(column + " = ?");
        params.add(value);
    }

    private static FinancialProfile readIn(Connection c, Tenant tenant, UserId user) throws SQLException {
        List<FinancialProfile> found = new ArrayList<>(1);
        Jdbc.forEach(c, "SELECT " + COLUMNS + " FROM financial_profile WHERE tenant = ? AND user_id = ?",
                List.of(tenant.value(), user.value()), row -> found.add(read(row)));
        return found.get(0);
    }

    private static FinancialProfile read(ResultSet r) throws SQLException {
        Optional<String> answers = text(r, 17);
        Onboarding onboarding = answers.isEmpty() ? Onboarding.NOT_STARTED
                : new Onboarding(Optional.of(answers(answers.get())), time(r, 18));
        return new FinancialProfile(UserId.of(r.getString(1)), text(r, 2), text(r, 3), wallets(r.getString(4)),
                text(r, 5), new Visibility(r.getInt(6) == 1, r.getInt(7) == 1, r.getInt(8) == 1),
                new RebuildSchedule(time(r, 9), time(r, 10), time(r, 11)), text(r, 12), time(r, 13),
                new TradingCursors(text(r, 14), text(r, 15), text(r, 16)), onboarding,
                Timestamps.parse(r.getString(19)), Timestamps.parse(r.getString(20)));
    }

    private static Optional<String> text(ResultSet r, int column) throws SQLException {
        return Optional.ofNullable(r.getString(column));
    }

    private static Optional<Instant> time(ResultSet r, int column) throws SQLException {
        return text(r, column).map(Timestamps::parse);
    }

    private static String wallets(ReferenceWallets wallets) {
        JsonArrayBuilder array = JSON.createArrayBuilder();
        wallets.addresses().forEach(array::add);
        return array.build().toString();
    }

    private static ReferenceWallets wallets(String json) {
        try (JsonReader reader = JSON.createReader(new StringReader(json))) {
            return new ReferenceWallets(reader.readArray().getValuesAs(JsonString.class).stream()
                    .map(JsonString::getString).toList());
        }
    }

    /** {@code {"finance_knowledge":"level_2","markets":["memes"],"investing_capital":"..."}}, answered fields only. */
    private static String answers(OnboardingAnswers a) {
        JsonObjectBuilder o = JSON.createObjectBuilder();
        a.tags().forEach((d, v) -> {
            if (d.multiSelect()) {
                JsonArrayBuilder values = JSON.createArrayBuilder();
                v.values().forEach(values::add);
                o.add(d.slug(), values);
            } else {
                o.add(d.slug(), v.first());
            }
        });
        a.investingCapital().ifPresent(c -> o.add("investing_capital", c));
        return o.build().toString();
    }

    private static OnboardingAnswers answers(String json) {
        JsonObject o;
        try (JsonReader reader = JSON.createReader(new StringReader(json))) {
            o = reader.readObject();
        }
        return new OnboardingAnswers(single(o, TagDimension.FINANCE_KNOWLEDGE), single(o, TagDimension.FREQUENCY),
                single(o, TagDimension.RISK), markets(o), Optional.ofNullable(o.getString("investing_capital", null)));
    }

    private static Optional<TagValue> single(JsonObject o, TagDimension d) {
        return Optional.ofNullable(o.getString(d.slug(), null)).map(v -> TagValue.single(d, v, d.slug()));
    }

    private static Optional<TagValue> markets(JsonObject o) {
        JsonValue v = o.get(TagDimension.MARKETS.slug());
        if (!(v instanceof JsonArray array)) {
            return Optional.empty();
        }
        return Optional.of(TagValue.multi(TagDimension.MARKETS, array.getValuesAs(JsonString.class).stream()
                .map(JsonString::getString).toList(), TagDimension.MARKETS.slug()));
    }
}
