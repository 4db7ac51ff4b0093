package dev.strata.domain.conversation;

import dev.strata.domain.error.ConflictException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.UserId;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** A {@link ConversationStore} in memory, for service tests; passes {@link ConversationStoreContract}. */
public final class InMemoryConversationStore implements ConversationStore {

    private record Key(Tenant tenant, ConversationId id) {
    }

    private final Map<Key, Conversation> conversations = new LinkedHashMap<>();
    private final List<Message> messages = new ArrayList<>();
    private long nextSeq = 1;

    @Override
    public synchronized Appended append(Tenant tenant, ConversationId id, UserId user, List<NewMessage> batch,
                                       Instant now) {
        Key key = new Key(tenant, id);
        Conversation existing = conversations.get(key);
        if (existing != null && !existing.userId().equals(user)) {
            throw new ConflictException("conversation " + id + " belongs to another user");
        }
        Conversation conversation = existing != null ? existing : new Conversation(tenant, id, user, now);
        conversations.put(key, conversation);
        Set<MessageId> held = new HashSet<>();
        messages.stream().filter(m -> m.tenant().equals(tenant) && m.conversation().equals(id))
                .forEach(m -> held.add(m.id()));
        int inserted = 0;
        for (NewMessage m : batch) {
            if (held.add(m.id())) {
                messages.add(new Message(nextSeq++, tenant, id, m.id(), m.role(), m.content(), m.timestamp(), now));
                inserted++;
            }
        }
        return new Appended(conversation, inserted, batch.size() - inserted);
    }

    @Override
    public synchronized Optional<Conversation> find(Tenant tenant, ConversationId id) {
        return Optional.ofNullable(conversations.get(new Key(tenant, id)));
    }

    @Override
    public synchronized List<Message> messages(Tenant tenant, ConversationId id, long afterSeq, int limit) {
        return messages.stream().filter(m -> m.tenant().equals(tenant) && m.conversation().equals(id)
                && m.seq() > afterSeq).sorted(Comparator.comparingLong(Message::seq)).limit(limit).toList();
    }

    @Override
    public synchronized long countMessages(Tenant tenant, ConversationId id) {
        return messages.stream().filter(m -> m.tenant().equals(tenant) && m.conversation().equals(id)).count();
    }

    @Override
    public synchronized List<Message> messagesAfter(Tenant tenant, UserId user, long afterSeq, int limit) {
        return messages.stream().filter(m -> m.tenant().equals(tenant) && m.seq() > afterSeq
                        && conversations.get(new Key(tenant, m.conversation())).userId().equals(user))
                .sorted(Comparator.comparingLong(Message::seq)).limit(limit).toList();
    }

    @Override
    public synchronized Optional<Deleted> delete(Tenant tenant, ConversationId id) {
        Conversation removed = conversations.remove(new Key(tenant, id));
        if (removed == null) {
            return Optional.empty();
        }
        long before = messages.size();
        messages.removeIf(m -> m.tenant().equals(tenant) && m.conversation().equals(id));
        return Optional.of(new Deleted(removed, before - messages.size()));
    }

    @Override
    public synchronized int purgeStoredBefore(Instant cutoff) {
        int before = messages.size();
        messages.removeIf(m -> m.storedAt().isBefore(cutoff));
        conversations.values().removeIf(c -> c.createdAt().isBefore(cutoff) && messages.stream()
                .noneMatch(m -> m.tenant().equals(c.tenant()) && m.conversation().equals(c.id())));
        return before - messages.size();
    }

    @Override
    public synchronized List<UserId> users(Tenant tenant) {
        return messages.stream().filter(m -> m.tenant().equals(tenant))
                .map(m -> conversations.get(new Key(tenant, m.conversation())).userId()).distinct()
                .sorted(Comparator.comparing(UserId::value)).toList();
    }

    @Override
    public synchronized List<Tenant> tenants() {
        return messages.stream().map(Message::tenant).distinct().sorted(Comparator.comparing(Tenant::value)).toList();
    }
}
