// Sample figures for the design gallery, made in the browser: the gallery shows the product's
// components, not the organisation's data, so it asks the server for nothing.

export const SAMPLE_STATUSES = ['subscribed', 'pending', 'optedOut'] as const;
export type SampleStatus = (typeof SAMPLE_STATUSES)[number];

export interface SampleContact {
  id: string;
  name: string;
  phone: string;
  country: string;
  status: SampleStatus;
  messages: number;
}

const FIRST = ['Ana', 'Kofi', 'Mei', 'Omar', 'Lena', 'Ravi', 'Zara', 'Tomás', 'Amara', 'Yuki', 'Noah', 'Fatima'];
const LAST = ['Lima', 'Mensah', 'Chen', 'Haddad', 'Berger', 'Patel', 'Okafor', 'García', 'Diallo', 'Sato', 'Martin'];
const COUNTRIES = ['KE', 'FR', 'EG', 'CN', 'BR', 'IN', 'NG', 'US'];

/** A small deterministic generator (mulberry32): the same seed gives the same sample on every visit. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` sample contacts, the same ones for the same seed. */
export function sampleContacts(count: number, seed = 36): SampleContact[] {
  const random = seededRandom(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  return Array.from({ length: count }, (_, index) => ({
    id: `c${index + 1}`,
    name: `${pick(FIRST)} ${pick(LAST)}`,
    phone: `+2547${String(10_000_000 + Math.floor(random() * 89_999_999)).slice(0, 8)}`,
    country: pick(COUNTRIES),
    status: pick(SAMPLE_STATUSES),
    messages: Math.floor(random() * 500),
  }));
}

export type SampleSort = 'name' | 'messages' | 'country';

export interface SampleQuery {
  search: string;
  sort: SampleSort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** What the server would answer for a list query, done on the sample: filter, sort, then one page. */
export function queryContacts(rows: readonly SampleContact[], query: SampleQuery): { data: SampleContact[]; total: number } {
  const needle = query.search.trim().toLowerCase();
  const matching = needle ? rows.filter((row) => row.name.toLowerCase().includes(needle) || row.phone.includes(needle)) : [...rows];
  const direction = query.order === 'desc' ? -1 : 1;
  matching.sort((a, b) => {
    const left = a[query.sort];
    const right = b[query.sort];
    const order = typeof left === 'number' && typeof right === 'number' ? left - right : String(left).localeCompare(String(right));
    return (order || a.id.localeCompare(b.id, undefined, { numeric: true })) * direction;
  });
  const start = query.page * query.pageSize;
  return { data: matching.slice(start, start + query.pageSize), total: matching.length };
}

export interface SampleSeries {
  /** Month numbers 1..12 of the sample year. */
  months: number[];
  sent: number[];
  delivered: number[];
  replies: number[];
}

/** Twelve months of sample sending figures: delivered never above sent, replies never above delivered. */
export function sampleSeries(seed = 7): SampleSeries {
  const random = seededRandom(seed);
  const months = Array.from({ length: 12 }, (_, index) => index + 1);
  const sent = months.map((month) => Math.round(800 + month * 120 + random() * 400));
  const delivered = sent.map((value) => Math.round(value * (0.88 + random() * 0.1)));
  const replies = delivered.map((value) => Math.round(value * (0.05 + random() * 0.1)));
  return { months, sent, delivered, replies };
}
