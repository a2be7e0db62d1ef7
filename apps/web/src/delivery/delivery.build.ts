import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { FIRST_ROUTE_MODULES, FIRST_ROUTE_PRELOADS_FILE, PAGE_ENTRIES, PAGE_ENTRIES_FILE } from './first-route-modules';
import { FRAME_NAMESPACES, PUBLIC_SITE_NAMESPACES, SIGN_IN_NAMESPACES } from './text-sets';

// What the build writes for a page's delivery (vite.config.ts uses these): the files the server
// announces per first-visited address, the pages with an entry of their own, and the texts' files.

/**
 * Writes FIRST_ROUTE_PRELOADS_FILE: for each address of FIRST_ROUTE_MODULES, the files its modules
 * need (their chunks and every chunk those import, transitively) that index.html does not already
 * preload as the entry's. The server puts them into that address's HTML (decision 062).
 */
export function firstRoutePreloads(): Plugin {
  let root = '';
  return {
    name: 'sms:first-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (files: string[], into = new Set<string>()) => {
        for (const file of files) {
          if (into.has(file)) continue;
          into.add(file);
          closure(byFile.get(file)?.imports ?? [], into);
        }
        return into;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      const inIndexHtml = closure(entry ? [entry.fileName] : []);
      const preloads: Record<string, string[]> = {};
      for (const [address, modules] of Object.entries(FIRST_ROUTE_MODULES)) {
        const files = modules.map((module) => {
          const chunk = chunks.find((candidate) => candidate.facadeModuleId === resolve(root, module));
          if (!chunk) throw new Error(`first-route-modules: no chunk for ${module}`);
          return chunk.fileName;
        });
        preloads[address] = [...closure(files)].filter((file) => !inIndexHtml.has(file)).map((file) => `/${file}`);
      }
      this.emitFile({ type: 'asset', fileName: FIRST_ROUTE_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}

/**
 * Writes each page of PAGE_ENTRIES from the built index.html (one source for the page's head and
 * first paint), with its own entry's script, the files that entry imports as modulepreloads and its
 * styles, in place of the app's; and PAGE_ENTRIES_FILE, which the server reads (decision 071).
 */
export function pageEntries(): Plugin {
  let root = '';
  return {
    name: 'sms:page-entries',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('page-entries: index.html is not in the bundle');
      const html = String(index.source);
      const appFiles =
        /\n *<script type="module" crossorigin src="\/assets\/[^"]+"><\/script>(\n *<link rel="(modulepreload|stylesheet)" crossorigin href="\/assets\/[^"]+">)*/;
      const indent = /\n( *)<script type="module"/.exec(html)?.[1] ?? '';
      if (!appFiles.test(html)) throw new Error("page-entries: index.html's script was not found");
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (file: string, into = new Set<string>()) => {
        if (into.has(file)) return into;
        into.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) closure(imported, into);
        return into;
      };
      const addresses: Record<string, string> = {};
      for (const [address, { html: page, entry }] of Object.entries(PAGE_ENTRIES)) {
        const chunk = chunks.find((candidate) => candidate.isEntry && candidate.facadeModuleId === resolve(root, entry));
        if (!chunk) throw new Error(`page-entries: no entry chunk for ${entry}`);
        const files = [...closure(chunk.fileName)];
        const styles = files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        const tags = [
          `<script type="module" crossorigin src="/${chunk.fileName}"></script>`,
          ...files.filter((file) => file !== chunk.fileName).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ];
        this.emitFile({
          type: 'asset',
          fileName: page,
          source: html.replace(appFiles, () => tags.map((tag) => `\n${indent}${tag}`).join('')),
        });
        addresses[address] = page;
      }
      this.emitFile({ type: 'asset', fileName: PAGE_ENTRIES_FILE, source: JSON.stringify(addresses) });
    },
  };
}

/**
 * `locale-en-sign-in`, `locale-en-public` and `locale-en-frame` for the namespaces of those sets
 * (text-sets.ts), `locale-en-<namespace>` for every other namespace (decision 067).
 */
export function localeChunk(id: string): string {
  const [, language = 'x', namespace = ''] = /[\\/]locales[\\/]([a-z]+)[\\/]([a-z-]+)\.json$/.exec(id) ?? [];
  if (SIGN_IN_NAMESPACES.includes(namespace)) return `locale-${language}-sign-in`;
  if (PUBLIC_SITE_NAMESPACES.includes(namespace)) return `locale-${language}-public`;
  return FRAME_NAMESPACES.includes(namespace) ? `locale-${language}-frame` : `locale-${language}-${namespace}`;
}
