package dev.strata.application.session;

import dev.strata.application.profile.ProfileService;
import dev.strata.application.snapshot.SnapshotService;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.PromptPersonalization;
import dev.strata.domain.personalization.TagDimension;
import dev.strata.domain.prompt.AssembledPrompt;
import dev.strata.domain.prompt.PersonalizationSections;
import dev.strata.domain.prompt.PromptBlock;
import dev.strata.domain.prompt.ProfileEntry;
import dev.strata.domain.prompt.PromptAssembler;
import dev.strata.domain.prompt.PromptBlock;
import dev.strata.domain.role.SkillId;
import dev.strata.domain.session.Session;
import dev.strata.domain.session.SessionExplanationStore;
import dev.strata.domain.session.SessionId;
import dev.strata.domain.session.SessionStore;
import dev.strata.domain.safety.InjectionFinding;
import dev.strata.domain.snapshot.SnapshotExplanation;
import dev.strata.domain.vault.CredentialScrubber;
import dev.strata.domain.workspace.WorkspaceBootstrap;
import dev.strata.domain.workspace.WorkspaceFile;
import dev.strata.domain.workspace.WorkspaceKind;
import dev.strata.domain.workspace.WorkspaceNotice;
import dev.strata.domain.workspace.WorkspaceReader;
import dev.strata.domain.workspace.WorkspaceRead;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Session start (spec 01 "The frozen snapshot pattern", spec 04 "Frozen snapshot semantics"): the
 * workspace, the tenant's {@code <memory-context>} block and the tenant's profile are read once,
 * assembled into prompt blocks and frozen. The session's prompt never changes afterwards; writes
 * made meanwhile land in the next session.
 *
 * <p>The workspace is one directory per server, shared by every tenant; the memory context and the
 * profile are the tenant's own. BOOTSTRAP.md therefore runs once per workspace: the first session
 * started while it exists (whichever tenant starts it) includes it, and the file is deleted once that
 * session is stored. While it exists, session starts take a lock, so two concurrent starts cannot
 * both include it.
 *
 * <p>The memory-context block is frozen with its explanation (what produced each line and the rule
 * that placed it), so {@link #explain} answers for the prompt the session actually holds. A tenant
 * with nothing to show gets no memory-context block at all.
 *
 * <p>Block order: identity (SOUL.md, AGENTS.md, first-session BOOTSTRAP.md; the only cached block), then
 * lessons (the recent lessons of the roles the session's active skills own, spec 05; only when the
 * session names skills and they have lessons), then memory, then personalization. The lessons block
 * comes right after the cached prefix, where spec 03 puts the active skills' prompt fragments, so it
 * never breaks the identity prefix's cache.
 */
public final class SessionService {

    private static final System.Logger LOG = System.getLogger(SessionService.class.getName());

    private final WorkspaceReader workspace;
    private final WorkspaceBootstrap bootstrap;
    private final SnapshotService snapshots;
    private final ProfileService profile;
    private final SessionStore store;
    private final SessionExplanationStore explanations;
    private final Duration ttl;
    private final Clock clock;
    private final PromptAssembler assembler = new PromptAssembler();
    private final Object bootstrapLock = new Object();
    private final CredentialScrubber scrubber;
    private final SessionPersonalization personalization;
    private final SessionLessons lessons;

    public SessionService(WorkspaceReader workspace, WorkspaceBootstrap bootstrap, SnapshotService snapshots,
                          ProfileService profile, SessionStore store, SessionExplanationStore explanations,
                          Duration ttl, Clock clock) {
        this(workspace, bootstrap, snapshots, profile, store, explanations, ttl, clock, new CredentialScrubber());
    }

    /**
     * @param explanations where each session's memory-context explanation is frozen with it
     * @param scrubber     the vault's scrubber: a frozen prompt is stored and served with every registered
     *                     secret replaced, including one written into a workspace file
     */
    public SessionService(WorkspaceReader workspace, WorkspaceBootstrap bootstrap, SnapshotService snapshots,
                          ProfileService profile, SessionStore store, SessionExplanationStore explanations,
                          Duration ttl, Clock clock, CredentialScrubber scrubber) {
        this(workspace, bootstrap, snapshots, profile, store, explanations, ttl, clock, scrubber,
                SessionPersonalization.NONE, SessionLessons.NONE);
    }

    /** @param personalization the database sub-layer of the personalization block, and intent gating */
    public SessionService(WorkspaceReader workspace, WorkspaceBootstrap bootstrap, SnapshotService snapshots,
                          ProfileService profile, SessionStore store, SessionExplanationStore explanations,
                          Duration ttl, Clock clock, CredentialScrubber scrubber,
                          SessionPersonalization personalization) {
        this(workspace, bootstrap, snapshots, profile, store, explanations, ttl, clock, scrubber, personalization,
                SessionLessons.NONE);
    }

    /** @param lessons the lessons block of a session started with active skills (the role area's) */
    public SessionService(WorkspaceReader workspace, WorkspaceBootstrap bootstrap, SnapshotService snapshots,
                          ProfileService profile, SessionStore store, SessionExplanationStore explanations,
                          Duration ttl, Clock clock, CredentialScrubber scrubber, SessionLessons lessons) {
        this(workspace, bootstrap, snapshots, profile, store, explanations, ttl, clock, scrubber,
                SessionPersonalization.NONE, lessons);
    }

    /**
     * @param personalization the database sub-layer of the personalization block, and intent gating
     * @param lessons         the lessons block of a session started with active skills (the role area's)
     */
    public SessionService(WorkspaceReader workspace, WorkspaceBootstrap bootstrap, SnapshotService snapshots,
                          ProfileService profile, SessionStore store, SessionExplanationStore explanations,
                          Duration ttl, Clock clock, CredentialScrubber scrubber,
                          SessionPersonalization personalization, SessionLessons lessons) {
        this.lessons = Objects.requireNonNull(lessons, "lessons");
        this.scrubber = Objects.requireNonNull(scrubber, "scrubber");
        this.explanations = Objects.requireNonNull(explanations, "explanations");
        this.personalization = Objects.requireNonNull(personalization, "personalization");
        this.workspace = Objects.requireNonNull(workspace, "workspace");
        this.bootstrap = Objects.requireNonNull(bootstrap, "bootstrap");
        this.snapshots = Objects.requireNonNull(snapshots, "snapshots");
        this.profile = Objects.requireNonNull(profile, "profile");
        this.store = Objects.requireNonNull(store, "store");
        this.clock = Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(ttl, "ttl");
        if (ttl.isNegative() || ttl.isZero()) {
            throw new IllegalArgumentException("session ttl must be positive");
        }
        this.ttl = ttl;
    }

    /** How long a session lives after it starts. */
    public Duration ttl() {
        return ttl;
    }

    /** Freezes a new session for the tenant and stores it. */
    public Session start(Tenant tenant) {
        return start(tenant, List.of());
    }

    /**
     * Freezes a new session for the tenant whose active skills are {@code skills}: the recent lessons of
     * the roles those skills own join its prompt as the lessons block.
     */
    public Session start(Tenant tenant, List<SkillId> skills) {
        List<SkillId> active = List.copyOf(skills);
        WorkspaceRead loaded = workspace.load();
        if (!hasBootstrap(loaded)) {
            return freeze(tenant, loaded, false, active);
        }
        synchronized (bootstrapLock) {
            // A start that held the lock meanwhile may have run BOOTSTRAP.md already: read the workspace again.
            WorkspaceRead current = workspace.load();
            boolean first = hasBootstrap(current);
            Session session = freeze(tenant, current, first, active);
            if (first) {
                retireBootstrap(session);
            }
            return session;
        }
    }

    /** The tenant's live session. */
    public Session get(Tenant tenant, SessionId id) {
        return store.find(tenant, id, clock.instant()).orElseThrow(() -> new NotFoundException("session", id.value()));
    }

    /** The session's whole prompt: the same bytes on every call for the life of the session. */
    public String prompt(Tenant tenant, SessionId id) {
        return get(tenant, id).prompt();
    }

    /** The longest turn message {@link #turn} reads. */
    public static final int MAX_TURN_MESSAGE_CHARS = 32_000;

    /**
     * One turn's prompt material: the frozen prefix, and under intent gating the tags the message
     * needs beyond the core, read now (they are per-turn, not part of the frozen snapshot).
     */
    public TurnContext turn(Tenant tenant, SessionId id, String message) {
        if (message == null || message.length() > MAX_TURN_MESSAGE_CHARS) {
            throw new InvalidInputException("message", "must be a string of at most " + MAX_TURN_MESSAGE_CHARS
                    + " characters");
        }
        Session session = get(tenant, id);
        Set<TagDimension> picked = personalization.gated() ? personalization.select(tenant, message) : Set.of();
        Optional<PromptBlock> extra = picked.isEmpty() ? Optional.empty()
                : PersonalizationSections.turnBlock(personalization.inputs(tenant), picked);
        return new TurnContext(session.prompt(), extra, picked);
    }

    /**
     * Why the session's frozen memory-context block holds what it holds, as it was when the session
     * started. A session started before explanations were kept has none (not found).
     */
    public SnapshotExplanation explain(Tenant tenant, SessionId id) {
        get(tenant, id);
        return explanations.find(tenant, id).orElseThrow(() -> new NotFoundException("explanation of session",
                id.value()));
    }

    /**
     * Ends a session before its expiry ({@code DELETE /v1/sessions/{id}}): its prompt is gone, so what it
     * froze (a memory since erased, a profile value since changed) leaves the agent's context.
     */
    public void revoke(Tenant tenant, SessionId id) {
        if (!store.revoke(tenant, id)) {
            throw new NotFoundException("session", id.value());
        }
    }

    /** Ends every live session of the tenant whose prompt holds {@code memory}; returns how many. */
    public int revokeHolding(Tenant tenant, MemoryId memory) {
        return store.revokeHolding(tenant, memory);
    }

    /** Deletes expired sessions; returns how many. */
    public int purgeExpired() {
        return store.purgeExpired(clock.instant());
    }

    private Session freeze(Tenant tenant, WorkspaceRead read, boolean first, List<SkillId> skills) {
        // Workspace files are not stored text: they are redacted here, before the renderer quotes and spells
        // them (a quote marker or a spelled character inside a secret would hide it from a later scrub).
        WorkspaceRead loaded = redacted(tenant, read);
        // The store keeps milliseconds; truncating here makes the response of POST equal a later GET.
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        SnapshotService.ExplainedSnapshot memoryContext = snapshots.forSession(tenant);
        List<ProfileEntry> derived = profile.all(tenant).stream()
                .map(e -> new ProfileEntry(e.key(), e.value()))
                .toList();
        PromptPersonalization inputs = personalization.inputs(tenant);
        AssembledPrompt assembled = scrubbed(tenant, withLessons(assembler.assemble(loaded, memoryContext.text(),
                derived, first, inputs, personalization.gated()), lessonsBlock(tenant, skills)));
        Session session = Session.freeze(SessionId.random(), tenant, now, ttl, assembled, first,
                withCustomPromptFindings(loaded.notices(), inputs));
        store.save(session, memoryContext.memories());
        keepExplanation(session, memoryContext.explanation());
        return session;
    }

    /**
     * The lessons block, or none. Lessons are an aid, not the session: a failure to read them starts the
     * session without the block (logged) rather than failing the start.
     */
    private java.util.Optional<PromptBlock> lessonsBlock(Tenant tenant, List<SkillId> skills) {
        if (skills.isEmpty()) {
            return java.util.Optional.empty();
        }
        try {
            return lessons.block(tenant, skills);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "the lessons of skills " + skills + " could not be read; the session "
                    + "starts without its lessons block", e);
            return java.util.Optional.empty();
        }
    }

    /** The lessons block right after the cached identity prefix (or first, when there is no identity block). */
    private static AssembledPrompt withLessons(AssembledPrompt prompt, java.util.Optional<PromptBlock> lessons) {
        if (lessons.isEmpty()) {
            return prompt;
        }
        List<PromptBlock> blocks = new ArrayList<>(prompt.blocks());
        int at = !blocks.isEmpty() && blocks.get(0).name().equals(PromptBlock.IDENTITY) ? 1 : 0;
        blocks.add(at, lessons.get());
        return new AssembledPrompt(blocks, prompt.identity(), prompt.conflicts());
    }

    private WorkspaceRead redacted(Tenant tenant, WorkspaceRead snapshot) {
        List<WorkspaceFile> files = snapshot.files().stream()
                .map(f -> scrubber.containsSecret(f.text()) ? new WorkspaceFile(f.kind(), f.relativePath(), f.date(),
                        scrubber.redactFor(tenant, f.text()), f.truncated(), f.findings()) : f)
                .toList();
        // A finding's excerpt quotes the file, so notices are redacted too.
        List<WorkspaceNotice> notices = snapshot.notices().stream()
                .map(n -> new WorkspaceNotice(n.type(), n.path(), scrubber.redactFor(tenant, n.message())))
                .toList();
        return new WorkspaceRead(snapshot.location(), snapshot.today(), files, notices);
    }

    /** Each block with every registered secret replaced (the renderer's fences hold no secret to cut). */
    private AssembledPrompt scrubbed(Tenant tenant, AssembledPrompt prompt) {
        List<PromptBlock> blocks = prompt.blocks().stream()
                .map(b -> new PromptBlock(b.name(), scrubber.redactFor(tenant, b.text()), b.cache()))
                .toList();
        return new AssembledPrompt(blocks, prompt.identity(), prompt.conflicts());
    }

    /**
     * The session is stored, so its start succeeded whatever happens here: an explanation that cannot be
     * kept is logged, and {@link #explain} then answers that the session has none.
     */
    private void keepExplanation(Session session, SnapshotExplanation explanation) {
        try {
            explanations.save(session.tenant(), session.id(), explanation);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "session " + session.id() + " started, but the explanation of its "
                    + "memory context could not be stored", e);
        }
    }

    /**
     * After the session is stored, never before: if storing fails the file stays for the next
     * session. A failed delete does not undo a stored session; BOOTSTRAP.md then runs again next time,
     * which is logged so a human can remove it.
     */
    private void retireBootstrap(Session session) {
        try {
            bootstrap.delete();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "session " + session.id() + " ran BOOTSTRAP.md but it could not be"
                    + " deleted; it will run again in the next session until it is removed", e);
        }
    }

    /** custom_prompt is trusted like SOUL.md, and what the scanner finds in it is reported the same way. */
    private static List<WorkspaceNotice> withCustomPromptFindings(List<WorkspaceNotice> notices,
                                                                  PromptPersonalization inputs) {
        List<InjectionFinding> findings = inputs.customPromptFindings();
        if (findings.isEmpty()) {
            return notices;
        }
        List<WorkspaceNotice> all = new ArrayList<>(notices);
        findings.forEach(f -> all.add(new WorkspaceNotice(WorkspaceNotice.Type.INJECTION_SUSPECTED,
                CUSTOM_PROMPT_NOTICE_PATH, f.describe())));
        return all;
    }

    /** Where a custom_prompt finding says it was found. */
    public static final String CUSTOM_PROMPT_NOTICE_PATH = "financial_profile.custom_prompt";

    private static boolean hasBootstrap(WorkspaceRead snapshot) {
        return snapshot.file(WorkspaceKind.BOOTSTRAP).isPresent();
    }
}
