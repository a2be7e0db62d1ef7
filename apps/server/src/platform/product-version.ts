import { readFileSync } from 'node:fs';
import { REPO_ROOT } from '../config.ts';

/** This installation's version (the root package.json), as the API document and outgoing requests name it. */
export const PRODUCT_VERSION: string = (JSON.parse(readFileSync(`${REPO_ROOT}package.json`, 'utf8')) as { version: string }).version;

/** The User-Agent of requests this server makes on its own (webhooks): receivers can tell and allow them. */
export const OUTBOUND_USER_AGENT = `sms-platform-webhooks/${PRODUCT_VERSION}`;
