import type { FieldType } from './form-snapshot';

/** What the allowlist remembers of a field: its type and element(s); a radio group has one per option. */
export interface AllowedField {
  type: FieldType;
  elements: WeakRef<HTMLElement>[];
}

/**
 * The keys of the last snapshot and the elements behind them. It stays in the content script; only keys
 * cross to the model, and fill/click/submit can reach nothing the snapshot did not show. Elements are held
 * weakly so a page that drops them is not kept alive by an old snapshot.
 */
export class Allowlist {
  readonly #fields = new Map<string, AllowedField>();
  readonly #buttons = new Map<string, WeakRef<HTMLElement>>();
  readonly #forms = new Map<string, WeakRef<HTMLFormElement>>();
  /** Password fields: write-only, reachable by fill_password alone (never by fill_form, type or click). */
  readonly #secrets = new Map<string, WeakRef<HTMLInputElement>>();

  /** Records a field under `key` (called by snapshotForms). */
  addField(key: string, type: FieldType, elements: HTMLElement[]): void {
    this.#fields.set(key, { type, elements: elements.map((el) => new WeakRef(el)) });
  }

  /** Records a button or link under `key`. */
  addButton(key: string, el: HTMLElement): void {
    this.#buttons.set(key, new WeakRef(el));
  }

  /** Records a form under `key`. */
  addForm(key: string, form: HTMLFormElement): void {
    this.#forms.set(key, new WeakRef(form));
  }

  /** Records a write-only password field under `key`. */
  addSecret(key: string, el: HTMLInputElement): void {
    this.#secrets.set(key, new WeakRef(el));
  }

  secret(key: string): HTMLInputElement | undefined {
    return this.#secrets.get(key)?.deref();
  }

  hasSecret(key: string): boolean {
    return this.#secrets.has(key);
  }

  field(key: string): AllowedField | undefined {
    return this.#fields.get(key);
  }

  button(key: string): HTMLElement | undefined {
    return this.#buttons.get(key)?.deref();
  }

  hasButton(key: string): boolean {
    return this.#buttons.has(key);
  }

  form(key: string): HTMLFormElement | undefined {
    return this.#forms.get(key)?.deref();
  }

  hasForm(key: string): boolean {
    return this.#forms.has(key);
  }

  /** The key a form element was recorded under, if it was. */
  formKeyOf(form: HTMLFormElement): string | undefined {
    for (const [key, ref] of this.#forms) if (ref.deref() === form) return key;
    return undefined;
  }

  /** The key a field element was recorded under, if it was. */
  fieldKeyOf(el: Element): string | undefined {
    for (const [key, field] of this.#fields) if (field.elements.some((ref) => ref.deref() === el)) return key;
    return undefined;
  }

  /** Every clickable element by its key (for the refs a screenshot draws). */
  buttonEntries(): [string, HTMLElement][] {
    return [...this.#buttons].flatMap(([key, ref]) => {
      const el = ref.deref();
      return el ? [[key, el] as [string, HTMLElement]] : [];
    });
  }

  get fieldKeys(): string[] {
    return [...this.#fields.keys()];
  }
}
