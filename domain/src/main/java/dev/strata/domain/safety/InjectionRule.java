package dev.strata.domain.safety;

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
            "<\\s*/?\\s*(?:system|assistant|developer|system-reminder|tool_result|function_results)\\s*>"
                    + "|<\\|\\s*(?:im_start|im_end|system|assistant|user|endoftext)\\s*\\|>"
                    + "|\\[/?INST]|<<\\s*/?SYS\\s*>>"),
    HTML_COMMENT_INJECTION("html_comment_injection", "hides instructions in an HTML comment",
            "<!--[^>]*(?:ignore|override|system|secret|hidden|instruction)[^>]*-->"),
    HIDDEN_HTML("hidden_html", "hides text with display:none",
            "<\\s*\\w+[^>]*style\\s*=\\s*[\"'][^\"']*display\\s*:\\s*none"),
    SECRET_EXFILTRATION("secret_exfiltration", "sends or reads credentials",
            "\\bcurl\\s+[^\\n]*\\$\\{?\\w*(?:KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL|API)"
                    + "|\\bcat\\s+[^\\n]*(?:\\.env\\b|credentials|\\.netrc|\\.pgpass|id_rsa)"),
    /** Not a regular expression rule: zero-width, bidi-control and tag characters. */
    INVISIBLE_UNICODE("invisible_unicode", "contains invisible or text-direction characters", null);

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
}
