/**
 * The browser's side of the language check (`src/domain/language.ts`). Its trigram tables weigh about 50 kB
 * compressed, more than the rest of a tool's checks, so they load on their own, once text is first typed or pasted
 * (`preloadLanguageCheck`), not with the page. Until they are in, the check answers "not another language" and the
 * server, which reads the same tables before any order is made, refuses the text with the same message.
 */
let check: ((text: string) => boolean) | undefined;
let loading: Promise<void> | undefined;

/** Starts loading the identifier (once; a failed load is tried again on the next call). */
export function preloadLanguageCheck(): Promise<void> {
  loading ??= import('../domain/language.ts').then(
    (module) => {
      check = module.readsAsOtherLanguage;
    },
    () => {
      loading = undefined;
    },
  );
  return loading;
}

/** True when the identifier is in and reads the text as clearly not English; starts loading it otherwise. */
export function readsAsOtherLanguage(text: string): boolean {
  if (!check) {
    void preloadLanguageCheck();
    return false;
  }
  return check(text);
}
