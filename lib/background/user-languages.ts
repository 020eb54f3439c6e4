/** The user's languages as the browser reports them (BCP 47, preferred first): what their own texts are stemmed under. */
export function userLanguages(): string[] {
  return [...(globalThis.navigator?.languages ?? [])];
}
