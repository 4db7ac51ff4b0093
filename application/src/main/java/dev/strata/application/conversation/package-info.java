/**
 * Conversation use cases: append a batch of messages idempotently, read a conversation, delete it
 * (audited), and purge what outlived the retention. The memory rebuilder reads from here.
 */
package dev.strata.application.conversation;
