package dev.strata.adapters.http.personalization;

import dev.strata.domain.personalization.TagWrite;

import java.util.Optional;

/** {@code PUT /v1/profile/tags/{dimension}}: the row afterwards, whether this write changed it, and why not. */
record TagWriteView(TagView tag, boolean written, Optional<String> kept) {

    static TagWriteView of(TagWrite w) {
        return new TagWriteView(TagView.of(w.tag()), w.written(), w.kept());
    }
}
