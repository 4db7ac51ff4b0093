/**
 * Chat transcripts handed to Strata by an agent (the spec's "sessions table" of chat history):
 * conversations, their messages in arrival order, and the sequence number the memory rebuilder's
 * {@code last_indexed_chat_id} cursor points into.
 */
package dev.strata.domain.conversation;
