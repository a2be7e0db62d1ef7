/** Query keys of keyword rules; every change invalidates `keywordRulesKeys.all`. */
export const keywordRulesKeys = {
  all: ['keyword-rules'] as const,
  list: () => [...keywordRulesKeys.all, 'list'] as const,
};
