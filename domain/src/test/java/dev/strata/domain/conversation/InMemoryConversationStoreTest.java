package dev.strata.domain.conversation;

class InMemoryConversationStoreTest extends ConversationStoreContract {

    @Override
    protected ConversationStore createStore() {
        return new InMemoryConversationStore();
    }
}
