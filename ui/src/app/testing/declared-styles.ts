/**
 * The declarations of `property` the document's stylesheets give this element (the global styles a spec added, the
 * components' own). jsdom matches the selectors but orders the rules without specificity, so a spec asks which
 * declarations are there, not which one wins; it has no CSS nesting (sass writes none) and no layout.
 */
export function declared(el: Element, property: string): string[] {
  const rules = (list: CSSRuleList | undefined): CSSStyleRule[] => Array.from(list ?? []).flatMap((r) =>
    r instanceof CSSStyleRule ? [r] : rules((r as Partial<CSSGroupingRule>).cssRules));
  return [...document.styleSheets].flatMap((sheet) => rules(sheet.cssRules))
    .filter((r) => r.style.getPropertyValue(property) && el.matches(r.selectorText))
    .map((r) => r.style.getPropertyValue(property));
}
