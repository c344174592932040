// What other resources use from the term implementation (the events routes embed, filter and write terms).
export { CATEGORIES, TAGS, type TaxonomyDefinition } from './definition.ts';
export { presentEventTerms, type EventTerms } from './presenter.ts';
export { termFilterIds, termsExist, parseTermList } from './lookup.ts';
export { resolveTermsForWrite } from './writes.ts';
