package dev.strata.adapters.http.personalization;

import dev.strata.domain.personalization.TagDimension;
import dev.strata.domain.personalization.TagSchema;
import dev.strata.domain.personalization.UserTag;

import java.util.Arrays;
import java.util.List;

/**
 * {@code GET /v1/profile/tags}: the user's tags, declared first, and the schema every write is checked
 * against (so a client can offer exactly the allowed values).
 */
record TagsView(String userId, List<TagView> tags, List<DimensionView> dimensions) {

    static TagsView of(String userId, List<UserTag> tags) {
        return new TagsView(userId, tags.stream().map(TagView::of).toList(),
                Arrays.stream(TagDimension.values()).map(DimensionView::of).toList());
    }

    record DimensionView(String name, String slug, boolean multiSelect, boolean core, List<OptionView> values) {
        static DimensionView of(TagDimension d) {
            return new DimensionView(d.storedName(), d.slug(), d.multiSelect(), d.core(), TagSchema.allowedValues(d)
                    .stream().map(o -> new OptionView(o.value(), o.label())).toList());
        }
    }

    record OptionView(String value, String label) {
    }
}
