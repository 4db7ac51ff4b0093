package dev.strata.adapters.sqlite;

import dev.strata.domain.conversation.Conversation;
import dev.strata.domain.conversation.ConversationId;
import dev.strata.domain.conversation.ConversationStore;
import dev.strata.domain.conversation.Message;
import dev.strata.domain.conversation.MessageId;
import dev.strata.domain.conversation.MessageRole;
import dev.strata.domain.conversation.NewMessage;
import dev.strata.domain.personalization.UserId;
import dev.strata.domain.error.ConflictException;
import dev.strata.domain.memory.Tenant;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * {@link ConversationStore} on {@code conversations} and {@code conversation_messages} (migration
 * 17). A re-sent message is skipped by {@code ON CONFLICT ... DO NOTHING} on its (tenant,
 * conversation, message id) key: unlike {@code INSERT OR IGNORE}, that ignores only the duplicate,
 * never a broken row.
 */
public final class SqliteConversationStore implements ConversationStore {

    private static final String MESSAGE_COLUMNS = "seq, tenant, conversation_id, message_id, role, content, ts, created_at";
    private static final String INSERT_MESSAGE = "INSERT INTO conversation_messages(tenant, conversation_id, message_id, "
            + "role, content, ts, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) "
            + "ON CONFLICT (tenant, conversation_id, message_id) DO NOTHING";

    private final SqliteDatabase database;
    private final Transactions transactions;

    public SqliteConversationStore(SqliteDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
        this.transactions = new Transactions(database);
    }

    @Override
    public Appended append(Tenant tenant, ConversationId id, UserId user, List<NewMessage> messages, Instant now) {
        String stored = Timestamps.format(Timestamps.truncate(now));
        return transactions.write("append the messages", c -> {
            Conversation conversation = conversation(c, tenant, id).orElse(null);
            if (conversation == null) {
                Jdbc.update(c, "INSERT INTO conversations(tenant, id, user_id, created_at) VALUES (?, ?, ?, ?)",
                        tenant.value(), id.value(), user.value(), stored);
                conversation = new Conversation(tenant, id, user, Timestamps.parse(stored));
            } else if (!conversation.userId().equals(user)) {
                throw new ConflictException("conversation " + id + " belongs to another user",
                        Map.of("conversation_id", id.value()));
            }
            int inserted;
            try (PreparedStatement insert = c.prepareStatement(INSERT_MESSAGE)) {
                for (NewMessage m : messages) {
                    Jdbc.bind(insert, List.of(tenant.value(), id.value(), m.id().value(), m.role().wireName(),
                            m.content(), Timestamps.format(m.timestamp()), stored));
                    insert.addBatch();
                }
                inserted = Jdbc.changed(insert.executeBatch());
            }
            return new Appended(conversation, inserted, messages.size() - inserted);
        });
    }

    @Override
    public Optional<Conversation> find(Tenant tenant, ConversationId id) {
        List<Conversation> found = new ArrayList<>(1);
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach("SELECT tenant, id, user_id, created_at FROM conversations WHERE tenant = ? AND id = ?",
                    List.of(tenant.value(), id.value()), row -> found.add(toConversation(row)));
        }
        return found.stream().findFirst();
    }

    private static Optional<Conversation> conversation(Connection c, Tenant tenant, ConversationId id)
            throws SQLException {
        List<Conversation> found = new ArrayList<>(1);
        Jdbc.forEach(c, "SELECT tenant, id, user_id, created_at FROM conversations WHERE tenant = ? AND id = ?",
                List.of(tenant.value(), id.value()), row -> found.add(toConversation(row)));
        return found.stream().findFirst();
    }

    @Override
    public List<Message> messages(Tenant tenant, ConversationId id, long afterSeq, int limit) {
        return readMessages("SELECT " + MESSAGE_COLUMNS + " FROM conversation_messages WHERE tenant = ? "
                + "AND conversation_id = ? AND seq > ? ORDER BY seq LIMIT ?", List.of(tenant.value(), id.value(),
                afterSeq, limit));
    }

    @Override
    public long countMessages(Tenant tenant, ConversationId id) {
        try (JdbcReads reads = new JdbcReads(database)) {
            return reads.optionalLong("SELECT COUNT(*) FROM conversation_messages WHERE tenant = ? AND conversation_id = ?",
                    List.of(tenant.value(), id.value())).orElse(0);
        }
    }

    @Override
    public List<Message> messagesAfter(Tenant tenant, UserId user, long afterSeq, int limit) {
        return readMessages("SELECT m.seq, m.tenant, m.conversation_id, m.message_id, m.role, m.content, m.ts, "
                + "m.created_at FROM conversation_messages m JOIN conversations c ON c.tenant = m.tenant "
                + "AND c.id = m.conversation_id WHERE m.tenant = ? AND c.user_id = ? AND m.seq > ? ORDER BY m.seq LIMIT ?",
                List.of(tenant.value(), user.value(), afterSeq, limit));
    }

    private List<Message> readMessages(String sql, List<?> params) {
        List<Message> out = new ArrayList<>();
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach(sql, params, row -> out.add(toMessage(row)));
        }
        return out;
    }

    @Override
    public Optional<Deleted> delete(Tenant tenant, ConversationId id) {
        return transactions.write("delete the conversation", c -> {
            Optional<Conversation> conversation = conversation(c, tenant, id);
            if (conversation.isEmpty()) {
                return Optional.empty();
            }
            int messages = Jdbc.update(c, "DELETE FROM conversation_messages WHERE tenant = ? AND conversation_id = ?",
                    tenant.value(), id.value());
            Jdbc.update(c, "DELETE FROM conversations WHERE tenant = ? AND id = ?", tenant.value(), id.value());
            return Optional.of(new Deleted(conversation.get(), messages));
        });
    }

    @Override
    public int purgeStoredBefore(Instant cutoff) {
        String before = Timestamps.format(Timestamps.truncate(cutoff));
        return transactions.write("purge old conversations", c -> {
            int messages = Jdbc.update(c, "DELETE FROM conversation_messages WHERE created_at < ?", before);
            Jdbc.update(c, "DELETE FROM conversations WHERE created_at < ? AND NOT EXISTS (SELECT 1 FROM "
                    + "conversation_messages m WHERE m.tenant = conversations.tenant "
                    + "AND m.conversation_id = conversations.id)", before);
            return messages;
        });
    }

    @Override
    public List<UserId> users(Tenant tenant) {
        List<UserId> out = new ArrayList<>();
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach("SELECT DISTINCT c.user_id FROM conversations c WHERE c.tenant = ? AND EXISTS (SELECT 1 FROM "
                    + "conversation_messages m WHERE m.tenant = c.tenant AND m.conversation_id = c.id) ORDER BY c.user_id",
                    List.of(tenant.value()), row -> out.add(UserId.of(row.getString(1))));
        }
        return out;
    }

    @Override
    public List<Tenant> tenants() {
        List<Tenant> out = new ArrayList<>();
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach("SELECT DISTINCT tenant FROM conversation_messages ORDER BY tenant", List.of(),
                    row -> out.add(Tenant.of(row.getString(1))));
        }
        return out;
    }

    private static Conversation toConversation(ResultSet r) throws SQLException {
        return new Conversation(Tenant.of(r.getString("tenant")), ConversationId.of(r.getString("id")),
                UserId.of(r.getString("user_id")), Timestamps.parse(r.getString("created_at")));
    }

    private static Message toMessage(ResultSet r) throws SQLException {
        return new Message(r.getLong("seq"), Tenant.of(r.getString("tenant")),
                ConversationId.of(r.getString("conversation_id")), MessageId.of(r.getString("message_id")),
                MessageRole.parse(r.getString("role")), r.getString("content"), Timestamps.parse(r.getString("ts")),
                Timestamps.parse(r.getString("created_at")));
    }
}
