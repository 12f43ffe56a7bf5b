// citation-js ships no type declarations; the checker uses only the input chain (server/engines/references/structured.ts).
declare module '@citation-js/core' {
  export const plugins: {
    input: { chain(input: unknown, options: { forceType?: string; generateGraph?: boolean }): unknown };
  };
}
declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/plugin-ris';
