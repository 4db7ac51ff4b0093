/** Conversations over REST: {@link dev.strata.adapters.http.conversation.ConversationHttpService} and its views. */
package dev.strata.adapters.http.conversation;
