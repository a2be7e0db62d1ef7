import type { SearchGroupName, SearchHit } from '@sms/contracts/search';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';

/** What every source is asked with: the trimmed term and the organisation's default country. */
export interface SearchTerm {
  text: string;
  /** ISO alpha-2, for numbers written the national way ('07911 123456' -> +447911123456). */
  country: string | null;
}

/**
 * One group of the top-bar search. A source decides from the policy whether the user may see its
 * group at all, and answers at most `limit` hits, fast (each query rides an index or a small table).
 * A new group (templates) is one more source in `search-sources.ts` and one more name in contracts.
 */
export interface SearchSource {
  group: SearchGroupName;
  allowed(actor: Actor): boolean;
  search(db: Db, term: SearchTerm, limit: number): Promise<SearchHit[]>;
}
