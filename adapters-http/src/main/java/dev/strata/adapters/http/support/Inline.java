package dev.strata.adapters.http.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a view's record component: write the nested view's fields into this object instead of under
 * the component's name. A view that adds fields to another ({@code LinkedMemoryView}: a memory
 * plus its edges) reuses that view instead of repeating its fields.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Inline {
}
