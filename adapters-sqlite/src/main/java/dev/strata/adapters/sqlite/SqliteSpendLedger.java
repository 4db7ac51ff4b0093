package dev.strata.adapters.sqlite;

import dev.strata.domain.languagemodel.DailySpend;
import dev.strata.domain.languagemodel.Spend;
import dev.strata.domain.languagemodel.SpendCategory;
import dev.strata.domain.languagemodel.SpendLedger;
import io.helidon.dbclient.DbClient;
import io.helidon.dbclient.DbRow;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * {@link SpendLedger} on the {@code model_spend} table: one row per tenant, day and category.
 * Token and call counts add up in SQL; dollars are an exact decimal in a TEXT column, added in
 * Java inside the same transaction. Transactions take the write lock at BEGIN (IMMEDIATE mode), so
 * concurrent charges queue instead of overwriting each other's sum.
 */
public final class SqliteSpendLedger implements SpendLedger {

    private final DbClient db;
    private final Transactions transactions;

    public SqliteSpendLedger(SqliteDatabase database) {
        this.db = database.dbClient();
        this.transactions = new Transactions(database);
    }

    @Override
    public void record(String tenant, LocalDate day, SpendCategory category, Spend spend) {
        transactions.write("record model spend", c -> {
            BigDecimal before = BigDecimal.ZERO;
            List<String> usd = new ArrayList<>(1);
            Jdbc.forEach(c, "SELECT usd FROM model_spend WHERE tenant = ? AND day = ? AND category = ?",
                    List.of(tenant, day.toString(), category.key()), r -> usd.add(r.getString(1)));
            if (!usd.isEmpty()) {
                before = new BigDecimal(usd.getFirst());
            }
            return Jdbc.update(c, "INSERT INTO model_spend(tenant, day, category, input_tokens, output_tokens, usd, "
                    + "calls) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(tenant, day, category) DO UPDATE SET "
                    + "input_tokens = input_tokens + excluded.input_tokens, "
                    + "output_tokens = output_tokens + excluded.output_tokens, "
                    + "usd = excluded.usd, calls = calls + excluded.calls",
                    tenant, day.toString(), category.key(), spend.inputTokens(), spend.outputTokens(),
                    before.add(spend.usd()).toPlainString(), spend.calls());
        });
    }

    @Override
    public DailySpend spentOn(String tenant, LocalDate day) {
        Map<SpendCategory, Spend> byCategory = new EnumMap<>(SpendCategory.class);
        try (Stream<DbRow> rows = db.execute().query("SELECT category, input_tokens, output_tokens, usd, calls "
                + "FROM model_spend WHERE tenant = ? AND day = ?", tenant, day.toString())) {
            rows.forEach(r -> category(Columns.string(r, "category")).ifPresent(c -> byCategory.put(c, new Spend(
                    Columns.longValue(r, "input_tokens"), Columns.longValue(r, "output_tokens"),
                    new BigDecimal(Columns.string(r, "usd")), Columns.longValue(r, "calls")))));
        }
        return new DailySpend(tenant, day, byCategory);
    }

    /** A category this version no longer knows (written by a newer one) is left out rather than failing the read. */
    private static Optional<SpendCategory> category(String key) {
        try {
            return Optional.of(SpendCategory.fromKey(key));
        } catch (IllegalArgumentException unknown) {
            return Optional.empty();
        }
    }
}
