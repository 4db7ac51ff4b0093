package dev.strata.domain.safety;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The prompt-injection patterns {@link PromptInjectionScanner} looks for. Each has a stable id
 * (shown by doctor and in logs) and a one-line reason. The list follows Hermes' context-file
 * scan and adds the tags our own prompt relies on ({@code <memory-context>}, chat-role markers).
 */
public enum InjectionRule {

    IGNORE_INSTRUCTIONS("ignore_instructions", "asks the model to drop its earlier instructions",
            "\\b(?:ignore|disregard|forget|override)\\s+(?:all\\s+|any\\s+)?(?:of\\s+)?(?:the\\s+|your\\s+|my\\s+)?"
                    + "(?:previous|prior|above|earlier|preceding|existing|original|system)\\s+"
                    + "(?:instructions?|rules|guidelines|prompts?|directions|directives|context)\\b"),
    DISREGARD_RULES("disregard_rules", "asks the model to disregard its rules",
            "\\bdisregard\\s+(?:your|all|any)\\s+(?:instructions|rules|guidelines)\\b"),
    ROLE_HIJACK("role_hijack", "tries to give the model a new identity",
            "\\byou\\s+are\\s+now\\s+(?:a|an|the|in|my|no\\s+longer|free|unrestricted|dan)\\b"
                    + "|\\bfrom\\s+now\\s+on,?\\s+you\\s+(?:are|will\\s+act|must\\s+act)\\b"
                    + "|\\b(?:enable|enter|activate)\\s+(?:developer|god|jailbreak)\\s+mode\\b"),
    SYSTEM_PROMPT_OVERRIDE("system_prompt_override", "claims to replace the system prompt",
            "\\bsystem\\s+prompt\\s+override\\b|\\bnew\\s+system\\s+prompt\\s*:"
                    + "|\\boverride\\s+(?:the\\s+)?system\\s+(?:prompt|message)\\b"),
    SYSTEM_PROMPT_EXFILTRATION("system_prompt_exfiltration", "asks the model to reveal its instructions",
            "\\b(?:reveal|print|show|repeat|output|leak|disclose|dump|recite|copy)\\s+(?:me\\s+)?"
                    + "(?:all\\s+of\\s+)?(?:your|the)\\s+(?:full\\s+|entire\\s+|exact\\s+|original\\s+|hidden\\s+)?"
                    + "(?:system\\s+prompt|system\\s+message|initial\\s+prompt|hidden\\s+instructions|instructions\\s+above)\\b"
                    + "|\\bwhat\\s+(?:is|are)\\s+your\\s+(?:system\\s+prompt|hidden\\s+instructions)\\b"),
    DECEPTION("deception", "asks the model to hide something from the user",
            "\\b(?:do\\s+not|don'?t|never)\\s+(?:tell|inform|let)\\s+the\\s+user\\b"),
    BYPASS_RESTRICTIONS("bypass_restrictions", "asks the model to act without its restrictions",
            "\\bact\\s+as\\s+(?:if|though)\\s+you\\s+(?:have\\s+no|don'?t\\s+have)\\s+(?:restrictions|limits|rules)\\b"),
    FAKE_MEMORY_CONTEXT_TAG("fake_memory_context_tag", "contains a <memory-context> tag that only the prompt builder may emit",
            "<\\s*/?\\s*memory-context\\s*>"),
    FAKE_ROLE_TAG("fake_role_tag", "contains a chat-role or system marker",
            "<\\s*/?\\s*(?:system|assistant|user|human|developer|system-reminder|tool_result|function_results"
                    + "|instructions?)\\s*>"
                    + "|<\\|\\s*(?:im_start|im_end|system|assistant|user|endoftext)\\s*\\|>"
                    + "|\\[/?INST]|<<\\s*/?SYS\\s*>>"),
    /**
     * The wording of the {@code <memory-context>} block's own System note, or a note that tells the
     * model to treat data as instructions: text that passes itself off as the prompt builder's voice.
     */
    SYSTEM_NOTE_IMITATION("system_note_imitation", "imitates the prompt's system note",
            "\\[\\s*system\\s+note\\b|\\bsystem\\s+note\\s*:"
                    + "|\\btreat\\s+(?:this|these|it|them|the\\s+following|the\\s+above|as)\\b[^.\\n]{0,60}?\\binstructions?\\b"
                    + "|\\bnot\\s+(?:recalled\\s+)?memory\\s+context\\b"),
    /**
     * A chat turn in another speaker's voice: a line that starts with a role marker
     * ({@code User:}, {@code Assistant:}, {@code System:}...), or an assistant or human turn anywhere.
     */
    ROLE_TURN("role_turn", "starts a chat turn in another speaker's voice",
            "(?m)^[\\t >*_]*(?:system|assistant|user|human|developer|model|ai|tool)[\\t *_]*:"
                    + "|\\b(?:assistant|human)[\\t *_]*:(?!//)"),
    HTML_COMMENT_INJECTION("html_comment_injection", "hides instructions in an HTML comment",
            "<!--[^>]*(?:ignore|override|system|secret|hidden|instruction)[^>]*-->"),
    HIDDEN_HTML("hidden_html", "hides text with display:none",
            "<\\s*\\w+[^>]*style\\s*=\\s*[\"'][^\"']*display\\s*:\\s*none"),
    SECRET_EXFILTRATION("secret_exfiltration", "sends or reads credentials",
            "\\bcurl\\s+[^\\n]*\\$\\{?\\w*(?:KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL|API)"
                    + "|\\bcat\\s+[^\\n]*(?:\\.env\\b|credentials|\\.netrc|\\.pgpass|id_rsa)"),
    /** Not a regular expression rule: zero-width, bidi-control and tag characters. */
    INVISIBLE_UNICODE("invisible_unicode", "contains invisible or text-direction characters", null);

    /**
     * For each rule, words at least one of which any text it matches holds, lower-case ASCII: an
     * ASCII text that holds none of them cannot match, so its pattern need not run (memory content
     * is scanned on every write). Text outside ASCII is always scanned in full: Unicode case folding
     * lets letters such as the long s match ASCII ones.
     */
    private static final Map<InjectionRule, List<String>> ANCHORS = Map.ofEntries(
            Map.entry(IGNORE_INSTRUCTIONS, List.of("ignore", "disregard", "forget", "override")),
            Map.entry(DISREGARD_RULES, List.of("disregard")),
            Map.entry(ROLE_HIJACK, List.of("now", "mode")),
            Map.entry(SYSTEM_PROMPT_OVERRIDE, List.of("system")),
            Map.entry(SYSTEM_PROMPT_EXFILTRATION, List.of("prompt", "message", "instructions")),
            Map.entry(DECEPTION, List.of("tell", "inform", "let")),
            Map.entry(BYPASS_RESTRICTIONS, List.of("restrictions", "limits", "rules")),
            Map.entry(FAKE_MEMORY_CONTEXT_TAG, List.of("memory-context")),
            Map.entry(FAKE_ROLE_TAG, List.of("<", "inst]")),
            Map.entry(SYSTEM_NOTE_IMITATION, List.of("note", "instruction", "memory")),
            Map.entry(ROLE_TURN, List.of(":")),
            Map.entry(HTML_COMMENT_INJECTION, List.of("<!--")),
            Map.entry(HIDDEN_HTML, List.of("display")),
            Map.entry(SECRET_EXFILTRATION, List.of("curl", "cat")));

    private final String id;
    private final String reason;
    private final Pattern pattern;

    InjectionRule(String id, String reason, String regex) {
        this.id = id;
        this.reason = reason;
        this.pattern = regex == null ? null : Pattern.compile(regex, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    }

    public String id() {
        return id;
    }

    public String reason() {
        return reason;
    }

    /** The compiled pattern; absent for {@link #INVISIBLE_UNICODE}, which is checked per character. */
    Optional<Pattern> pattern() {
        return Optional.ofNullable(pattern);
    }

    /** False only when {@code lowerCaseAscii}, an ASCII text in lower case, cannot hold a match. */
    boolean mayMatch(String lowerCaseAscii) {
        List<String> anchors = ANCHORS.get(this);
        if (anchors == null) {
            return true;
        }
        for (String anchor : anchors) {
            if (lowerCaseAscii.contains(anchor)) {
                return true;
            }
        }
        return false;
    }

    /** Every anchor list, for the test that each rule has one. */
    static Map<InjectionRule, List<String>> anchors() {
        return ANCHORS;
    }
}
