package dev.strata.adapters.http.audit;

import dev.strata.application.audit.AuditService.AuditPage;
import dev.strata.domain.audit.AuditRecord;

import java.util.List;
import java.util.Optional;

/** A page of the audit trail; {@code next_before} only when an older page may follow. */
record AuditPageView(List<EntryView> entries, Optional<Long> nextBefore) {

    static AuditPageView of(AuditPage page) {
        return new AuditPageView(page.entries().stream().map(EntryView::of).toList(), page.nextBefore());
    }

    /** One entry: who ({@code actor}, and {@code key_id} when a key vouched for it) did what to which subject. */
    record EntryView(long id, String at, String tenant, String action, String subject, String detail, String actor,
                     Optional<String> keyId) {

        static EntryView of(AuditRecord r) {
            var e = r.entry();
            return new EntryView(r.id(), e.at().toString(), e.tenant().value(), e.action(), e.subject(), e.detail(),
                    e.actor().id(), e.actor().keyId());
        }
    }
}
