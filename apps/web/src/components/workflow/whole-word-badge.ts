/** A badge's whole word stays visible: a narrow table column or a wrapping row must not cut it. */
export const WHOLE_WORD_BADGE_STYLES = { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } as const;
